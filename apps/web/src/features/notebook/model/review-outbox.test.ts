import type { ReviewAnswerResult } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ReviewOutbox, reviewOutboxKey, type KeptAnswer, type OutboxStore } from './review-outbox';

function memoryStore(): OutboxStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const kept = (n: number): KeptAnswer => ({ clientId: `id-${n}`, cardId: n, answerID: 2, answerData: null, timeSpent: 10, answeredAt: '2026-11-29T10:00:00.000Z' });
const resultOf = (a: KeptAnswer) => ({ reviewId: a.cardId * 10, cardId: a.cardId }) as ReviewAnswerResult;
const key = reviewOutboxKey('sunrise.s001');

describe('ReviewOutbox', () => {
  it('keeps each answer in storage before anything is sent, so a reload finds it', () => {
    const store = memoryStore();
    new ReviewOutbox(store, key).add(kept(1));
    new ReviewOutbox(store, key).add(kept(2));
    expect(new ReviewOutbox(store, key).pending().map((a) => a.cardId)).toEqual([1, 2]);
    expect(new ReviewOutbox(store, reviewOutboxKey('sunrise.s002')).pending()).toEqual([]);
  });

  it('sends in the order given and empties the store when all are recorded', async () => {
    const store = memoryStore();
    const outbox = new ReviewOutbox(store, key);
    [1, 2, 3].forEach((n) => outbox.add(kept(n)));
    const sent: number[] = [];
    const outcome = await outbox.flush(async (a) => {
      sent.push(a.cardId);
      return resultOf(a);
    });
    expect(sent).toEqual([1, 2, 3]);
    expect(outcome.results.map((r) => r.cardId)).toEqual([1, 2, 3]);
    expect(outcome.isStopped).toBe(false);
    expect(store.data.has(key)).toBe(false);
  });

  it('stops at a network or server failure and keeps that answer and the rest', async () => {
    const outbox = new ReviewOutbox(memoryStore(), key);
    [1, 2, 3].forEach((n) => outbox.add(kept(n)));
    const outcome = await outbox.flush(async (a) => {
      if (a.cardId === 2) throw new ApiError('offline', 'NETWORK', 0);
      return resultOf(a);
    });
    expect(outcome.isStopped).toBe(true);
    expect(outcome.results.map((r) => r.cardId)).toEqual([1]);
    expect(outbox.pending().map((a) => a.cardId)).toEqual([2, 3]);
  });

  it('drops an answer the server refuses for good, says so, and goes on', async () => {
    const outbox = new ReviewOutbox(memoryStore(), key);
    [1, 2].forEach((n) => outbox.add(kept(n)));
    const outcome = await outbox.flush(async (a) => {
      if (a.cardId === 1) throw new ApiError('No card with this id was found in your notebook.', 'NOTEBOOK_CARD_NOT_FOUND', 404);
      return resultOf(a);
    });
    expect(outcome.refused.map((r) => r.answer.cardId)).toEqual([1]);
    expect(outcome.results.map((r) => r.cardId)).toEqual([2]);
    expect(outbox.pending()).toEqual([]);
  });

  it('reads a damaged store as empty', () => {
    const store = memoryStore();
    store.setItem(key, '{not json');
    expect(new ReviewOutbox(store, key).pending()).toEqual([]);
    store.setItem(key, JSON.stringify([{ clientId: 'x', cardId: 'y' }, kept(4)]));
    expect(new ReviewOutbox(store, key).pending().map((a) => a.cardId)).toEqual([4]);
  });
});
