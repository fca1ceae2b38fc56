import type { EquatingRow, EquatingShift } from '@app/contracts';
import {
  competitionRanks,
  eapAbility,
  equatedSpread,
  equateTrueScore,
  maxScore,
  shiftPercentiles,
  type FormItem,
} from '../../psychometrics/psychometrics.equating.js';

/**
 * The equated-score report's figures (decision 066), from plain data: no database, no actor.
 * Each attempt's form is what it was served; its calibrated items give its EAP ability and, by
 * true-score equating, its score on the reference form (the first shift's first attempt's form).
 */

/** One question as an attempt was served it, with the summary's status letter (c p w u e). */
export interface EquatingItem {
  questionVersionId: number;
  marks: number;
  status: string;
}

export interface EquatingAttempt {
  attemptId: string;
  userId: number;
  displayName: string;
  shiftId: number | null;
  startedAt: Date;
  scored: number;
  total: number;
  items: EquatingItem[];
}

export interface ShiftPlace {
  id: number;
  opensAt: Date;
  instituteName: string;
  className: string | null;
  sectionName: string | null;
}

/** A calibrated version's parameters; guessing only for 3PL choice items. */
type ItemParameters = { difficulty: number; discrimination: number; guessing?: number | null };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Right (1), wrong (0), or not answered / not marked yet (null: left out of the ability, as in calibration). */
const dichotomised = (status: string): 0 | 1 | null => (status === 'c' ? 1 : status === 'w' || status === 'p' ? 0 : null);

/** The attempt's calibrated items (as a form) with its answers to them, and how many it had without a calibration. */
function formOf(attempt: EquatingAttempt, parameters: ReadonlyMap<number, ItemParameters>) {
  const form: FormItem[] = [];
  const answers: (0 | 1 | null)[] = [];
  let excluded = 0;
  for (const item of attempt.items) {
    const p = parameters.get(item.questionVersionId);
    if (!p) {
      excluded += 1;
      continue;
    }
    form.push({ difficulty: p.difficulty, discrimination: p.discrimination, guessing: p.guessing ?? null, marks: item.marks });
    answers.push(dichotomised(item.status));
  }
  return { form, answers, excluded };
}

export function buildEquating(input: {
  attempts: EquatingAttempt[];
  parameters: ReadonlyMap<number, ItemParameters>;
  shifts: ShiftPlace[];
}): { reference: { shiftId: number | null; calibratedItems: number; maxScore: number }; shifts: EquatingShift[]; rows: EquatingRow[] } {
  const places = new Map(input.shifts.map((s) => [s.id, s]));
  // Shifts by opening, attempts outside any window last; within each, attempts by start.
  const groups = new Map<number | null, EquatingAttempt[]>();
  for (const attempt of [...input.attempts].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.attemptId.localeCompare(b.attemptId))) {
    const key = attempt.shiftId !== null && places.has(attempt.shiftId) ? attempt.shiftId : null;
    groups.set(key, [...(groups.get(key) ?? []), attempt]);
  }
  const order = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : places.get(a)!.opensAt.getTime() - places.get(b)!.opensAt.getTime() || a - b));
  const referenceShift = order[0] ?? null;
  const reference = referenceShift === undefined || !groups.get(referenceShift)?.length ? [] : formOf(groups.get(referenceShift)![0]!, input.parameters).form;

  const rows: Omit<EquatingRow, 'equatedRank'>[] = [];
  const shifts: EquatingShift[] = [];
  for (const shiftId of order) {
    const members = groups.get(shiftId)!;
    const percentiles = shiftPercentiles(members.map((m) => m.scored));
    const first = formOf(members[0]!, input.parameters);
    const place = shiftId === null ? undefined : places.get(shiftId);
    shifts.push({
      shiftId,
      instituteName: place?.instituteName ?? null,
      className: place?.className ?? null,
      sectionName: place?.sectionName ?? null,
      opensAt: place?.opensAt.toISOString() ?? null,
      attempts: members.length,
      calibratedItems: first.form.length,
      excludedItems: first.excluded,
    });
    members.forEach((attempt, k) => {
      const { form, answers, excluded } = formOf(attempt, input.parameters);
      const answeredForm = form.filter((_, i) => answers[i] !== null);
      const answered = answers.filter((x): x is 0 | 1 => x !== null);
      const estimate = answered.length ? eapAbility(answeredForm, answered) : null;
      // Number-right marks on the calibrated items: what the form's true-score curve is read against.
      const right = form.reduce((sum, item, i) => sum + (answers[i] === 1 ? item.marks : 0), 0);
      const equated = form.length && reference.length ? equateTrueScore(form, reference, right) : null;
      const centre = equated?.ability ?? estimate?.ability ?? null;
      rows.push({
        attemptId: attempt.attemptId,
        userId: attempt.userId,
        displayName: attempt.displayName,
        shiftId,
        rawScore: round(attempt.scored, 2),
        total: round(attempt.total, 2),
        shiftPercentile: round(percentiles[k]!, 2),
        ability: estimate ? round(estimate.ability, 3) : null,
        abilitySe: estimate ? round(estimate.se, 3) : null,
        equatedScore: equated ? round(equated.equated, 2) : null,
        equatedSpread: equated && estimate && centre !== null ? round(equatedSpread(reference, centre, estimate.se), 2) : null,
        calibratedItems: form.length,
        excludedItems: excluded,
      });
    });
  }
  const ranks = competitionRanks(rows.map((r) => r.equatedScore));
  return {
    reference: { shiftId: referenceShift, calibratedItems: reference.length, maxScore: round(maxScore(reference), 2) },
    shifts,
    rows: rows
      .map((row, i) => ({ ...row, equatedRank: ranks[i]! }))
      .sort((a, b) => (a.equatedRank ?? Infinity) - (b.equatedRank ?? Infinity) || b.rawScore - a.rawScore || a.displayName.localeCompare(b.displayName)),
  };
}
