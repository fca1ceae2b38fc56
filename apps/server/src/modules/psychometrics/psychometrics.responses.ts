import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { CalibrationFlag } from '@app/contracts';
import { serverKindOf } from '../../question-kinds/index.js';
import { responseMatrix, type CalibrationResult, type ResponseMatrix } from './psychometrics.irt.js';
import type { ResponseRow } from './psychometrics.repository.js';

/** A newer version whose difficulty moved more than this many standard errors from the previous one is flagged. */
export const DRIFT_SE_UNITS = 3;
/** A key is questioned only when at least this many of the top ability fifth answered the item. */
export const WRONG_KEY_MIN_TOP_RESPONSES = 10;
const TOP_SHARE = 0.2;

/**
 * The dichotomising rule (decision 048): an answer scored `correct` (full marks) is 1; `wrong`
 * and `partial` (some but not all of the marks, whatever the kind) are 0; `unanswered`, `pending`
 * (an evaluation or a teacher's mark still to come) and no status are missing, not wrong.
 */
export function dichotomise(status: string | null): 0 | 1 | null {
  if (status === 'correct') return 1;
  if (status === 'wrong' || status === 'partial') return 0;
  return null;
}

/** Whether a 3PL fit gives the kind a guessing parameter: the kind's own rule (decision 077). */
export const isGuessableKind = (questionType: string) => serverKindOf(questionType)?.guessable === true;

export interface CalibrationItem {
  questionId: number;
  questionVersionId: number;
  version: number;
  questionType: string;
  /** The single key of a one-answer choice question; null for other kinds. */
  singleKey: number | null;
}

export interface CalibrationData {
  matrix: ResponseMatrix;
  items: CalibrationItem[];
  /** Per response (in the matrix's order): the option chosen in a one-answer choice question, else null. */
  chosen: (number | null)[];
  examinees: number;
}

/**
 * Responses per item version and examinee (a student), built batch by batch into typed arrays:
 * each student's first scored answer to a version counts (rows come oldest attempt first); a
 * later attempt at the same version does not.
 */
export class CalibrationDataBuilder {
  private readonly personOf = new Map<number, number>();
  private readonly itemOf = new Map<number, number>();
  private readonly items: CalibrationItem[] = [];
  /** Per examinee, the items answered so far: small sets, where one set of a million keys would stall on each rehash. */
  private readonly seen: Set<number>[] = [];
  private person = new Int32Array(1024);
  private item = new Int32Array(1024);
  private score = new Uint8Array(1024);
  private readonly chosenByTriple: (number | null)[] = [];
  private length = 0;

  add(rows: readonly ResponseRow[]): void {
    for (const row of rows) {
      const x = dichotomise(row.status);
      if (x === null) continue;
      let p = this.personOf.get(row.userId);
      let i = this.itemOf.get(row.questionVersionId);
      if (p !== undefined && i !== undefined && this.seen[p]!.has(i)) continue;
      if (p === undefined) {
        this.personOf.set(row.userId, (p = this.personOf.size));
        this.seen.push(new Set());
      }
      if (i === undefined) {
        this.itemOf.set(row.questionVersionId, (i = this.items.length));
        this.items.push({
          questionId: row.questionId,
          questionVersionId: row.questionVersionId,
          version: row.version,
          questionType: row.questionType,
          singleKey: typeof row.correctAnswerId === 'number' ? row.correctAnswerId : null,
        });
      }
      this.seen[p]!.add(i);
      if (this.length === this.person.length) this.grow();
      this.person[this.length] = p;
      this.item[this.length] = i;
      this.score[this.length] = x;
      this.length += 1;
      this.chosenByTriple.push(typeof row.answerId === 'number' ? row.answerId : null);
    }
  }

  finish(): CalibrationData {
    const n = this.length;
    const persons = this.personOf.size;
    const person = this.person.subarray(0, n);
    const matrix = responseMatrix(this.items.length, persons, person, this.item.subarray(0, n), this.score.subarray(0, n));
    // The matrix groups responses by examinee, stably: place each chosen option where its response went.
    const chosen = new Array<number | null>(n).fill(null);
    const next = matrix.personStart.slice(0, persons);
    for (let k = 0; k < n; k += 1) chosen[next[person[k]!]!++] = this.chosenByTriple[k]!;
    return { matrix, items: this.items, chosen, examinees: persons };
  }

  private grow(): void {
    const size = this.person.length * 2;
    const person = new Int32Array(size);
    const item = new Int32Array(size);
    const score = new Uint8Array(size);
    person.set(this.person);
    item.set(this.item);
    score.set(this.score);
    [this.person, this.item, this.score] = [person, item, score];
  }
}

/** The calibration data of rows already read (see CalibrationDataBuilder). */
export function buildCalibrationData(rows: readonly ResponseRow[]): CalibrationData {
  const builder = new CalibrationDataBuilder();
  builder.add(rows);
  return builder.finish();
}

/**
 * The calibration data of a scope read in batches, built as they arrive; other work (students'
 * saves) runs between two batches. `afterBatch` may throw to stop (a cancelled job).
 */
export async function readCalibrationData(batches: AsyncIterable<readonly ResponseRow[]>, afterBatch?: () => void): Promise<CalibrationData> {
  const builder = new CalibrationDataBuilder();
  for await (const rows of batches) {
    builder.add(rows);
    afterBatch?.();
    await yieldToOthers();
  }
  return builder.finish();
}

/**
 * Flags per item: drift (a version's difficulty moved more than DRIFT_SE_UNITS standard errors
 * from the question's previous calibrated version) and a probable wrong key (among the examinees
 * of the top ability fifth who answered, a distractor was chosen more often than the key).
 */
export function flagItems(data: CalibrationData, result: CalibrationResult): CalibrationFlag[][] {
  const flags: CalibrationFlag[][] = data.items.map(() => []);

  const byQuestion = new Map<number, number[]>();
  data.items.forEach((item, i) => {
    if (result.items[i]!.state !== 'ok') return;
    byQuestion.set(item.questionId, [...(byQuestion.get(item.questionId) ?? []), i]);
  });
  for (const indices of byQuestion.values()) {
    indices.sort((x, y) => data.items[x]!.version - data.items[y]!.version);
    for (let k = 1; k < indices.length; k += 1) {
      const older = result.items[indices[k - 1]!]!;
      const newer = result.items[indices[k]!]!;
      const difference = newer.difficulty! - older.difficulty!;
      const se = Math.hypot(older.seDifficulty ?? Infinity, newer.seDifficulty ?? Infinity);
      const seUnits = Math.abs(difference) / se;
      if (Number.isFinite(seUnits) && seUnits > DRIFT_SE_UNITS) {
        flags[indices[k]!]!.push({ kind: 'drift', fromVersion: data.items[indices[k - 1]!]!.version, difference, seUnits });
      }
    }
  }

  const ranked = Array.from(result.abilities.keys()).sort((x, y) => result.abilities[y]! - result.abilities[x]!);
  const top = new Set(ranked.slice(0, Math.ceil(ranked.length * TOP_SHARE)));
  const counts = data.items.map(() => new Map<number, number>());
  const answered = new Int32Array(data.items.length);
  const { personStart, item } = data.matrix;
  for (const p of top) {
    for (let k = personStart[p]!; k < personStart[p + 1]!; k += 1) {
      const option = data.chosen[k];
      if (option === null || option === undefined || data.items[item[k]!]!.singleKey === null) continue;
      answered[item[k]!]! += 1;
      counts[item[k]!]!.set(option, (counts[item[k]!]!.get(option) ?? 0) + 1);
    }
  }
  data.items.forEach((it, i) => {
    if (it.singleKey === null || answered[i]! < WRONG_KEY_MIN_TOP_RESPONSES) return;
    const keyCount = counts[i]!.get(it.singleKey) ?? 0;
    let best: [number, number] | null = null;
    for (const [option, count] of counts[i]!) if (option !== it.singleKey && count > keyCount && (!best || count > best[1])) best = [option, count];
    if (best) {
      flags[i]!.push({ kind: 'probable-wrong-key', optionId: best[0], optionShare: best[1] / answered[i]!, keyShare: keyCount / answered[i]!, topResponses: answered[i]! });
    }
  });
  return flags;
}
