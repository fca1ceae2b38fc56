import type { AnswerReviewBody, ReviewAnswerResult } from '@app/contracts';
import { classifyFailure } from '../../../lib/api-client';

/** An answer to a review card that the server has not recorded yet. */
export interface KeptAnswer {
  /** Names the answer to the server, which records it once however often it is sent. */
  clientId: string;
  cardId: number;
  answerID: AnswerReviewBody['answerID'];
  answerData: AnswerReviewBody['answerData'];
  timeSpent: number;
  /** When it was given (the server counts it on that day). */
  answeredAt: string;
}

export type OutboxStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FlushResult {
  /** The server's results, in the order the answers were given, for the student to grade. */
  results: ReviewAnswerResult[];
  /** Answers the server refused for good (the card was deleted, say): dropped, with why. */
  refused: { answer: KeptAnswer; error: unknown }[];
  /** The server could not be reached: the rest is kept for the next round. */
  isStopped: boolean;
}

export const reviewOutboxKey = (userName: string): string => `notebook-review-outbox:${userName}`;

/**
 * Review answers given while offline (or whose reply was lost), kept in localStorage — written
 * before the card moves on, so a reload or a closed tab loses none — and sent in order when the
 * browser is back online.
 */
export class ReviewOutbox {
  private items: KeptAnswer[];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: OutboxStore,
    private readonly key: string,
  ) {
    this.items = this.load();
  }

  private load(): KeptAnswer[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? '[]');
      return Array.isArray(parsed) ? (parsed as KeptAnswer[]).filter((a) => typeof a?.clientId === 'string' && typeof a.cardId === 'number') : [];
    } catch {
      return [];
    }
  }

  private persist(): void {
    if (this.items.length === 0) this.store.removeItem(this.key);
    else this.store.setItem(this.key, JSON.stringify(this.items));
    this.listeners.forEach((listener) => listener());
  }

  pending(): readonly KeptAnswer[] {
    return this.items;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(answer: KeptAnswer): void {
    this.items = [...this.items.filter((a) => a.clientId !== answer.clientId), answer];
    this.persist();
  }

  private remove(clientId: string): void {
    this.items = this.items.filter((a) => a.clientId !== clientId);
    this.persist();
  }

  /**
   * Sends the kept answers one by one, oldest first. A recorded answer leaves with its result, a
   * refused one (4xx) leaves so it cannot block the rest; a network or server failure stops the
   * round and keeps it and everything after it.
   */
  async flush(send: (answer: KeptAnswer) => Promise<ReviewAnswerResult>): Promise<FlushResult> {
    const outcome: FlushResult = { results: [], refused: [], isStopped: false };
    for (const answer of [...this.items]) {
      try {
        outcome.results.push(await send(answer));
        this.remove(answer.clientId);
      } catch (error) {
        if (classifyFailure(error) === 'retry') {
          outcome.isStopped = true;
          break;
        }
        outcome.refused.push({ answer, error });
        this.remove(answer.clientId);
      }
    }
    return outcome;
  }
}
