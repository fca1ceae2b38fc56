import { createHash } from 'node:crypto';
import type { SyncReason, SyncRecord, SyncRecordKind } from '@app/contracts';
import canonicalize from 'canonicalize';

/**
 * An attempt's hash chain (decision 063). Each record carries the SHA-256 of the one before it
 * and its own SHA-256 over the RFC 8785 canonical JSON of
 * `{ v, centreId, attemptId, index, kind, data, prevHash }`; the first record's `prevHash` is the
 * genesis, the hash of `{ v, centreId, attemptId }`. The chain starts with the attempt's header
 * and ends with an `end` record that counts the chain, so a chain cut short and re-headed shows.
 */
export const CHAIN_VERSION = 1;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function canonical(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('a chain record must be JSON');
  return text;
}

export interface ChainOwner {
  centreId: number;
  attemptId: string;
}

export const genesisOf = ({ centreId, attemptId }: ChainOwner) => sha256(canonical({ v: CHAIN_VERSION, centreId, attemptId }));

export function hashOf(owner: ChainOwner, record: Omit<SyncRecord, 'hash'>): string {
  return sha256(canonical({ v: CHAIN_VERSION, centreId: owner.centreId, attemptId: owner.attemptId, index: record.index, kind: record.kind, data: record.data, prevHash: record.prevHash }));
}

/** Seals an attempt's entries (its header first) into a chain that ends with its count. */
export function sealChain(owner: ChainOwner, entries: Array<{ kind: Exclude<SyncRecordKind, 'end'>; data: Record<string, unknown> }>): SyncRecord[] {
  if (entries[0]?.kind !== 'attempt') throw new Error("a chain starts with the attempt's header");
  const all = [...entries, { kind: 'end' as const, data: { records: entries.length + 1 } }];
  const chain: SyncRecord[] = [];
  let prevHash = genesisOf(owner);
  for (const [index, entry] of all.entries()) {
    // A JSON round trip: what is hashed is what travels (no undefined, no Date objects).
    const data = JSON.parse(JSON.stringify(entry.data)) as Record<string, unknown>;
    const record = { index, kind: entry.kind, data, prevHash };
    const hash = hashOf(owner, record);
    chain.push({ ...record, hash });
    prevHash = hash;
  }
  return chain;
}

/** What the central side holds of a chain: the hashes received, by index. */
export interface ChainCursor {
  hashes: string[];
}

export type ChainVerdict =
  | { outcome: 'pending' | 'complete'; accepted: SyncRecord[] }
  | { outcome: 'damaged'; reason: SyncReason; atIndex: number };

/**
 * Checks the next records of a chain against what is held and the head the centre announced.
 * An identical replay of a held record is skipped; anything else out of place damages the chain:
 * a record whose hash is not its content's or that does not link to the record before it (altered:
 * a record moved and renumbered breaks its link too), records out of their order or a second
 * header (reordered), a held index sent with other content (replayedWithChanges),
 * a gap, a record past the end or an end that miscounts (truncated), a last hash that is not the
 * head's (headMismatch).
 */
export function verifyNext(owner: ChainOwner, held: ChainCursor, head: { recordCount: number; headHash: string }, records: SyncRecord[]): ChainVerdict {
  const hashes = [...held.hashes];
  const accepted: SyncRecord[] = [];
  // A batch's records come in their chain's order.
  const outOfOrder = records.find((record, i) => i > 0 && record.index <= records[i - 1]!.index);
  if (outOfOrder) return { outcome: 'damaged', reason: 'reordered', atIndex: outOfOrder.index };
  for (const record of records) {
    const damaged = (reason: SyncReason): ChainVerdict => ({ outcome: 'damaged', reason, atIndex: record.index });
    if (hashOf(owner, record) !== record.hash) return damaged('altered');
    if (record.index < hashes.length) {
      if (hashes[record.index] !== record.hash) return damaged('replayedWithChanges');
      continue;
    }
    if (record.index > hashes.length) return damaged('truncated');
    const expectedPrev = record.index === 0 ? genesisOf(owner) : hashes[record.index - 1]!;
    if (record.prevHash !== expectedPrev) return damaged('altered');
    if (record.index === 0 && record.kind !== 'attempt') return damaged('malformed');
    if (record.index > 0 && record.kind === 'attempt') return damaged('reordered');
    if (record.index >= head.recordCount) return damaged('truncated');
    const isLast = record.index === head.recordCount - 1;
    if (record.kind === 'end' && (!isLast || record.data.records !== head.recordCount)) return damaged('truncated');
    if (isLast && record.kind !== 'end') return damaged('truncated');
    hashes.push(record.hash);
    accepted.push(record);
  }
  if (hashes.length < head.recordCount) return { outcome: 'pending', accepted };
  if (hashes[head.recordCount - 1] !== head.headHash) return { outcome: 'damaged', reason: 'headMismatch', atIndex: head.recordCount - 1 };
  return { outcome: 'complete', accepted };
}
