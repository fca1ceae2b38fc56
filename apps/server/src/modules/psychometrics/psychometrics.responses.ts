import type { CalibrationFlag } from '@app/contracts';
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

export interface CalibrationItem {
  questionId: number;
  questionVersionId: number;
  version: number;
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
 * Responses per item version and examinee (a student): each student's first scored answer to a
 * version counts (rows come oldest attempt first); a later attempt at the same version does not.
 */
export function buildCalibrationData(rows: readonly ResponseRow[]): CalibrationData {
  const personOf = new Map<number, number>();
  const itemOf = new Map<number, number>();
  const items: CalibrationItem[] = [];
  const seen = new Set<string>();
  const person: number[] = [];
  const item: number[] = [];
  const score: number[] = [];
  const chosenByTriple: (number | null)[] = [];
  for (const row of rows) {
    const x = dichotomise(row.status);
    if (x === null) continue;
    const key = `${row.userId}:${row.questionVersionId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let p = personOf.get(row.userId);
    if (p === undefined) personOf.set(row.userId, (p = personOf.size));
    let i = itemOf.get(row.questionVersionId);
    if (i === undefined) {
      itemOf.set(row.questionVersionId, (i = items.length));
      items.push({
        questionId: row.questionId,
        questionVersionId: row.questionVersionId,
        version: row.version,
        singleKey: typeof row.correctAnswerId === 'number' ? row.correctAnswerId : null,
      });
    }
    person.push(p);
    item.push(i);
    score.push(x);
    chosenByTriple.push(typeof row.answerId === 'number' ? row.answerId : null);
  }
  const matrix = responseMatrix(items.length, personOf.size, person, item, score);
  // The matrix groups responses by examinee, stably: place each chosen option where its response went.
  const chosen = new Array<number | null>(person.length).fill(null);
  const next = matrix.personStart.slice(0, personOf.size);
  for (let k = 0; k < person.length; k += 1) chosen[next[person[k]!]!++] = chosenByTriple[k]!;
  return { matrix, items, chosen, examinees: personOf.size };
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
