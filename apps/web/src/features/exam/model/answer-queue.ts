import type { SaveAnswerItem } from '@app/contracts';

/**
 * The durable answer queue ("no answer is ever lost"). Every answer is written here BEFORE it is
 * sent; it stays until the server acknowledges a sequence number at least as new. The queue is
 * kept in localStorage (synchronous, so an answer is on disk before the click handler returns,
 * and it survives a reload or a browser restart).
 *
 * Order: items are sent in the order they were queued. Only the newest unsent change per question
 * is kept, because the server keeps the highest seq anyway; an older one would be ignored.
 */

export interface QueueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface QueuedAnswer {
  item: SaveAnswerItem;
  queuedAt: number;
}

export interface Ack {
  mapId: number;
  seq: number;
}

export type SendResult = { kind: 'sent'; acks: Ack[] } | { kind: 'retry'; error: unknown } | { kind: 'rejected'; error: unknown };

export function answerQueueKey(TestSessionID: string): string {
  return `exam-queue:${TestSessionID}`;
}

export class AnswerQueue {
  private items: QueuedAnswer[];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: QueueStore,
    readonly key: string,
  ) {
    this.items = AnswerQueue.read(store, key);
  }

  private static read(store: QueueStore, key: string): QueuedAnswer[] {
    try {
      const text = store.getItem(key);
      const parsed = text ? (JSON.parse(text) as QueuedAnswer[]) : [];
      return Array.isArray(parsed) ? parsed.filter((entry) => entry && entry.item && typeof entry.item.seq !== 'undefined') : [];
    } catch {
      return [];
    }
  }

  private persist() {
    if (this.items.length === 0) this.store.removeItem(this.key);
    else this.store.setItem(this.key, JSON.stringify(this.items));
    this.listeners.forEach((listener) => listener());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Write first, send later. A newer change of the same question replaces the older unsent one. */
  enqueue(item: SaveAnswerItem, now: number): void {
    const mapId = item.questionTaskMapID;
    const existing = this.items.find((entry) => entry.item.questionTaskMapID === mapId);
    if (existing && existing.item.seq >= item.seq) return;
    this.items = [...this.items.filter((entry) => entry.item.questionTaskMapID !== mapId), { item, queuedAt: now }];
    this.persist();
  }

  pending(): SaveAnswerItem[] {
    return this.items.map((entry) => entry.item);
  }

  get size(): number {
    return this.items.length;
  }

  /** Drops every item the server now holds (acknowledged seq at least as new). */
  confirm(acks: readonly Ack[]): void {
    const before = this.items.length;
    this.items = this.items.filter((entry) => {
      const ack = acks.find((a) => a.mapId === entry.item.questionTaskMapID);
      return !ack || ack.seq < entry.item.seq;
    });
    if (this.items.length !== before) this.persist();
  }

  /** Removes specific items that can never be saved (the server rejected them for good). */
  drop(items: readonly SaveAnswerItem[]): void {
    this.items = this.items.filter(
      (entry) => !items.some((item) => item.questionTaskMapID === entry.item.questionTaskMapID && item.seq === entry.item.seq),
    );
    this.persist();
  }

  clear(): void {
    this.items = [];
    this.persist();
  }

  /**
   * Sends everything waiting, in order, as one batch. A network or server failure keeps the items
   * for the next replay; a rejection (4xx) drops what was sent so a bad item cannot block the rest.
   */
  async flush(send: (items: SaveAnswerItem[]) => Promise<SendResult>): Promise<SendResult | null> {
    const batch = this.pending().slice(0, 300);
    if (batch.length === 0) return null;
    const result = await send(batch);
    if (result.kind === 'sent') this.confirm(result.acks);
    else if (result.kind === 'rejected') this.drop(batch);
    return result;
  }
}
