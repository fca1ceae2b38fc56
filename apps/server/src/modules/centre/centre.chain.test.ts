import type { SyncRecord } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { genesisOf, hashOf, sealChain, verifyNext } from './centre.chain.js';

const owner = { centreId: 7, attemptId: 'a1b2c3d4-0000-4000-8000-000000000001' };
const entries = [
  { kind: 'attempt' as const, data: { scheduleId: 3, userId: 11, startedAt: '2026-06-01T06:00:00.000Z' } },
  { kind: 'answer' as const, data: { questionTaskMapId: 21, seq: 4, answerId: 101 } },
  { kind: 'answer' as const, data: { questionTaskMapId: 22, seq: 2, answerId: null } },
  { kind: 'credit' as const, data: { seconds: 8, from: '2026-06-01T06:30:00.000Z' } },
];
const chain = sealChain(owner, entries);
const head = { recordCount: chain.length, headHash: chain.at(-1)!.hash };
const empty = { hashes: [] as string[] };
const heldUpTo = (n: number) => ({ hashes: chain.slice(0, n).map((r) => r.hash) });
/** A record changed and re-hashed on its own (as someone without the rest of the chain would). */
const rehashed = (record: SyncRecord, change: Partial<SyncRecord>): SyncRecord => {
  const next = { ...record, ...change };
  return { ...next, hash: hashOf(owner, next) };
};

describe('an attempt hash chain', () => {
  it('seals the header, the entries and an end that counts them, each linked to the one before', () => {
    expect(chain.map((r) => r.kind)).toEqual(['attempt', 'answer', 'answer', 'credit', 'end']);
    expect(chain.at(-1)!.data).toEqual({ records: 5 });
    expect(chain[0]!.prevHash).toBe(genesisOf(owner));
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.prevHash).toBe(chain[i - 1]!.hash);
    // The encoding is canonical: key order does not change a hash, a value does.
    const reordered = sealChain(owner, [{ kind: 'attempt', data: { startedAt: '2026-06-01T06:00:00.000Z', userId: 11, scheduleId: 3 } }, ...entries.slice(1)]);
    expect(reordered[0]!.hash).toBe(chain[0]!.hash);
    expect(sealChain(owner, [{ kind: 'attempt', data: { ...entries[0]!.data, userId: 12 } }, ...entries.slice(1)])[0]!.hash).not.toBe(chain[0]!.hash);
    // Bound to its centre and attempt: the same records elsewhere hash differently.
    expect(sealChain({ ...owner, centreId: 8 }, entries)[0]!.hash).not.toBe(chain[0]!.hash);
    expect(sealChain({ ...owner, attemptId: 'another-attempt-id' }, entries)[0]!.hash).not.toBe(chain[0]!.hash);
  });

  it('accepts a whole chain, and the same chain in batches resumed at the cursor', () => {
    expect(verifyNext(owner, empty, head, chain)).toEqual({ outcome: 'complete', accepted: chain });
    const first = verifyNext(owner, empty, head, chain.slice(0, 2));
    expect(first).toEqual({ outcome: 'pending', accepted: chain.slice(0, 2) });
    const rest = verifyNext(owner, heldUpTo(2), head, chain.slice(2));
    expect(rest).toEqual({ outcome: 'complete', accepted: chain.slice(2) });
  });

  it('skips an identical replay (a batch sent again after its answer was lost) and adds nothing', () => {
    expect(verifyNext(owner, heldUpTo(3), head, chain.slice(1, 3))).toEqual({ outcome: 'pending', accepted: [] });
    expect(verifyNext(owner, heldUpTo(5), head, chain)).toEqual({ outcome: 'complete', accepted: [] });
    expect(verifyNext(owner, heldUpTo(3), head, chain.slice(0))).toEqual({ outcome: 'complete', accepted: chain.slice(3) });
  });

  it('refuses an altered record: content changed under its hash, or re-hashed alone (its successor no longer links)', () => {
    const altered = chain.map((r, i) => (i === 1 ? { ...r, data: { ...r.data, answerId: 102 } } : r));
    expect(verifyNext(owner, empty, head, altered)).toEqual({ outcome: 'damaged', reason: 'altered', atIndex: 1 });
    const alone = chain.map((r, i) => (i === 1 ? rehashed(r, { data: { ...r.data, answerId: 102 } }) : r));
    expect(verifyNext(owner, empty, head, alone)).toEqual({ outcome: 'damaged', reason: 'altered', atIndex: 2 });
    // Its prevHash changed to a made-up one.
    const unlinked = chain.map((r, i) => (i === 2 ? rehashed(r, { prevHash: genesisOf(owner) }) : r));
    expect(verifyNext(owner, empty, head, unlinked)).toEqual({ outcome: 'damaged', reason: 'altered', atIndex: 2 });
  });

  it('refuses a reordered chain: records swapped in a batch, or swapped and renumbered', () => {
    const swapped = [chain[0]!, chain[2]!, chain[1]!, chain[3]!, chain[4]!];
    expect(verifyNext(owner, empty, head, swapped)).toEqual({ outcome: 'damaged', reason: 'reordered', atIndex: 1 });
    expect(verifyNext(owner, heldUpTo(1), head, [chain[2]!, chain[1]!])).toEqual({ outcome: 'damaged', reason: 'reordered', atIndex: 1 });
    const renumbered = [chain[0]!, rehashed(chain[2]!, { index: 1 }), rehashed(chain[1]!, { index: 2 }), chain[3]!, chain[4]!];
    expect(verifyNext(owner, empty, head, renumbered)).toEqual({ outcome: 'damaged', reason: 'altered', atIndex: 1 });
    expect(verifyNext(owner, heldUpTo(3), head, [chain[4]!, chain[3]!])).toEqual({ outcome: 'damaged', reason: 'reordered', atIndex: 3 });
  });

  it('refuses a replay with changes: a held index sent again with other content', () => {
    const changed = rehashed(chain[1]!, { data: { ...chain[1]!.data, seq: 5 } });
    expect(verifyNext(owner, heldUpTo(3), head, [changed])).toEqual({ outcome: 'damaged', reason: 'replayedWithChanges', atIndex: 1 });
    // A whole other chain of the same attempt sent over a held one.
    const other = sealChain(owner, [entries[0]!, { kind: 'answer', data: { questionTaskMapId: 21, seq: 9, answerId: 103 } }]);
    expect(verifyNext(owner, heldUpTo(5), { recordCount: 3, headHash: other[2]!.hash }, other)).toEqual({ outcome: 'damaged', reason: 'replayedWithChanges', atIndex: 1 });
  });

  it('refuses a truncated chain: a gap, an end re-headed early, a head longer than the chain, a last hash not the head', () => {
    expect(verifyNext(owner, heldUpTo(1), head, chain.slice(2))).toEqual({ outcome: 'damaged', reason: 'truncated', atIndex: 2 });
    // The tail cut off and the head moved to the last record kept: the chain must end with its end record.
    expect(verifyNext(owner, empty, { recordCount: 3, headHash: chain[2]!.hash }, chain.slice(0, 3))).toEqual({ outcome: 'damaged', reason: 'truncated', atIndex: 2 });
    // An end that counts other than the head.
    expect(verifyNext(owner, empty, { recordCount: 6, headHash: chain[4]!.hash }, chain)).toEqual({ outcome: 'damaged', reason: 'truncated', atIndex: 4 });
    // Everything arrived but the head names another last record.
    expect(verifyNext(owner, empty, { recordCount: 5, headHash: chain[3]!.hash }, chain)).toEqual({ outcome: 'damaged', reason: 'headMismatch', atIndex: 4 });
    // A record past the announced end.
    expect(verifyNext(owner, empty, { recordCount: 2, headHash: chain[1]!.hash }, chain.slice(0, 2))).toMatchObject({ outcome: 'damaged', reason: 'truncated' });
  });

  it("refuses another attempt's chain sent as this one's", () => {
    const foreign = sealChain({ ...owner, attemptId: 'another-attempt-id' }, entries);
    expect(verifyNext(owner, empty, { recordCount: 5, headHash: foreign[4]!.hash }, foreign)).toEqual({ outcome: 'damaged', reason: 'altered', atIndex: 0 });
  });
});
