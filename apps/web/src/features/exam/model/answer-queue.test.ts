import type { SaveAnswerItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../lib/api-client';
import { AnswerQueue, answerQueueKey, type QueueStore, type SendResult } from './answer-queue';

function memoryStore(): QueueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const item = (questionTaskMapID: number, seq: number, answerID: number | null = 1): SaveAnswerItem => ({
  questionTaskMapID,
  questionType: 'singleChoice',
  answerID,
  answerData: null,
  timeSpent: 0,
  seq,
});

describe('answer queue', () => {
  it('is written before anything is sent and survives a reload', () => {
    const store = memoryStore();
    const queue = new AnswerQueue(store, answerQueueKey('a1'));
    queue.enqueue(item(1, 1), 0);
    expect(store.data.has('exam-queue:a1')).toBe(true);
    const reloaded = new AnswerQueue(store, answerQueueKey('a1'));
    expect(reloaded.pending()).toEqual([item(1, 1)]);
  });

  it('keeps queue order and only the newest change per question', () => {
    const queue = new AnswerQueue(memoryStore(), 'k');
    queue.enqueue(item(1, 1, 10), 0);
    queue.enqueue(item(2, 1, 20), 1);
    queue.enqueue(item(1, 2, 11), 2);
    queue.enqueue(item(2, 1, 99), 3); // same seq again: ignored
    expect(queue.pending().map((i) => [i.questionTaskMapID, i.seq, i.answerID])).toEqual([
      [2, 1, 20],
      [1, 2, 11],
    ]);
  });

  it('replays in order and removes what the server acknowledged', async () => {
    const queue = new AnswerQueue(memoryStore(), 'k');
    queue.enqueue(item(1, 1), 0);
    queue.enqueue(item(2, 3), 0);
    const sent: SaveAnswerItem[][] = [];
    const result = await queue.flush(async (batch) => {
      sent.push(batch);
      return { kind: 'sent', acks: [{ mapId: 1, seq: 1 }, { mapId: 2, seq: 3 }] };
    });
    expect(result?.kind).toBe('sent');
    expect(sent[0]!.map((i) => i.questionTaskMapID)).toEqual([1, 2]);
    expect(queue.size).toBe(0);
  });

  it('keeps everything after a network error and sends it on the next replay', async () => {
    const store = memoryStore();
    const queue = new AnswerQueue(store, 'k');
    queue.enqueue(item(1, 1), 0);
    await queue.flush(async (): Promise<SendResult> => ({ kind: 'retry', error: new Error('offline') }));
    expect(queue.size).toBe(1);
    queue.enqueue(item(2, 1), 1);
    const afterRestart = new AnswerQueue(store, 'k');
    let batch: SaveAnswerItem[] = [];
    await afterRestart.flush(async (items) => {
      batch = items;
      return { kind: 'sent', acks: items.map((i) => ({ mapId: Number(i.questionTaskMapID), seq: Number(i.seq) })) };
    });
    expect(batch.map((i) => i.questionTaskMapID)).toEqual([1, 2]);
    expect(afterRestart.size).toBe(0);
    expect(store.data.has('k')).toBe(false);
  });

  it('a change made while a save is in flight stays queued after the older acknowledgement', async () => {
    const queue = new AnswerQueue(memoryStore(), 'k');
    queue.enqueue(item(1, 1), 0);
    await queue.flush(async () => {
      queue.enqueue(item(1, 2), 1);
      return { kind: 'sent', acks: [{ mapId: 1, seq: 1 }] };
    });
    expect(queue.pending()).toEqual([item(1, 2)]);
  });

  it('drops a batch the server rejected for good', async () => {
    const queue = new AnswerQueue(memoryStore(), 'k');
    queue.enqueue(item(1, 1), 0);
    await queue.flush(async () => ({ kind: 'rejected', error: { status: 409 } }));
    expect(queue.size).toBe(0);
  });

  it('retries network and server failures, not rejections', () => {
    expect(classifyFailure({ status: 0 })).toBe('retry');
    expect(classifyFailure({ status: 503 })).toBe('retry');
    expect(classifyFailure(new TypeError('fetch failed'))).toBe('retry');
    expect(classifyFailure({ status: 409 })).toBe('rejected');
    expect(classifyFailure({ status: 400 })).toBe('rejected');
  });

  it('ignores a corrupt stored queue', () => {
    const store = memoryStore();
    store.setItem('k', '{not json');
    expect(new AnswerQueue(store, 'k').size).toBe(0);
  });
});
