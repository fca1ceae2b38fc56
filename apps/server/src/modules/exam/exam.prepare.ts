import { isStaffRole } from '@app/contracts';
import pLimit from 'p-limit';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { isDrawSection, type TaskBundle } from '../academy/student/academy.student.exam-content.js';
import type { AttemptCore } from './exam.attempts.js';
import type { ServedVersion } from './exam.repository.js';

/**
 * How long before a test window opens its attempts are prepared (decision 078). Long enough that
 * a preparation period (PREPARE_INTERVAL_MS) or two pass over every window before it opens, and
 * that a window's preparation is done well ahead of its students; short enough that a schedule
 * or a test is rarely changed after its attempts were made (each change makes them again).
 */
export const PREPARE_AHEAD_MS = 30 * 60_000;

/** A test window the preparation works on: its schedule row, and who it is for (an institute, narrowed to a class and a section). */
export interface PreparedWindow {
  id: number;
  taskId: number;
  opensAt: Date;
  clientId: string;
  instituteId: number;
  classId: number | null;
  sectionId: number | null;
}

export interface PreparationDeps {
  /** Windows opening within PREPARE_AHEAD_MS or open and still taking starts. */
  windowsDue: (aheadMs: number) => Promise<PreparedWindow[]>;
  /** The student accounts a window's target covers (its institute, class, section), as actors. */
  studentsOf: (window: PreparedWindow) => Promise<Actor[]>;
}

/** How a start makes an attempt (exam.start.ts): the preparation makes it the same way. */
export interface AttemptDrafts {
  draftAttempt: (
    actor: Actor,
    bundle: TaskBundle,
    languageId: number | undefined,
    shiftId: number | null,
    at: Date,
  ) => Promise<{ values: Parameters<AttemptCore['repo']['insertAttempt']>[0]; drawn: ServedVersion[] }>;
  preparedKeyOf: (bundle: TaskBundle, shiftId: number) => string;
}

/** Attempts a window's preparation writes per statement. */
const PREPARE_BATCH = 500;

/**
 * Attempts made ahead of a test window (decision 078): for every student the window admits, the
 * attempt a start would make (its row, its served set, its draw and its order), in the state
 * 'prepared', so that the start is one UPDATE. A prepared attempt is no attempt for any reader
 * until it is started. The composition root runs `prepareDue` as a periodic singleton; a run
 * writes what is missing and drops what no longer holds (a window deleted, moved later or closed,
 * a student no longer admitted, a test changed since), so running it again changes nothing.
 */
export function createExamPreparation(core: AttemptCore, drafts: AttemptDrafts, deps: PreparationDeps | undefined) {
  const { repo } = core;
  const limit = pLimit(8);

  /** The student's bundle and shift if a start at the window's opening would make an attempt in this window. */
  async function admitted(actor: Actor, window: PreparedWindow): Promise<TaskBundle | null> {
    try {
      const bundle = await core.accessibleTest(actor, window.taskId);
      if (bundle.sections.length === 0 || (bundle.maps.length === 0 && !bundle.sections.some(isDrawSection))) return null;
      const { shiftId } = await core.assertCanStart(actor, bundle.task, window.opensAt);
      return shiftId === window.id ? bundle : null;
    } catch (error) {
      // Not the student's test, or not theirs in this window: nothing is prepared.
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  async function prepareWindow(window: PreparedWindow): Promise<{ prepared: number; dropped: number }> {
    const [students, state] = await Promise.all([deps!.studentsOf(window), repo.preparationState(window.taskId)]);
    const keep = new Set<string>();
    const stale: string[] = [];
    const made: { values: Parameters<AttemptCore['repo']['insertAttempt']>[0]; drawn: ServedVersion[] }[] = [];
    await Promise.all(
      students.map((actor) =>
        limit(async () => {
          const bundle = await admitted(actor, window);
          const held = state.get(actor.userId);
          if (!bundle || held?.open) return;
          // A graded test whose attempts are used gets none; a practice test any number.
          if (bundle.task.testType !== 'practice' && !isStaffRole(actor.role) && (held?.finished ?? 0) >= bundle.task.attemptsAllowed) return;
          const key = drafts.preparedKeyOf(bundle, window.id);
          if (held?.prepared && held.prepared.shiftId === window.id && held.prepared.key === key) {
            keep.add(held.prepared.id);
            return;
          }
          if (held?.prepared) stale.push(held.prepared.id);
          const draft = await drafts.draftAttempt(actor, bundle, undefined, window.id, window.opensAt);
          made.push({ values: { ...draft.values, preparedKey: key }, drawn: draft.drawn });
        }),
      ),
    );
    // This window's prepared attempts that were not kept: their student is no longer admitted.
    for (const [, held] of state) {
      if (held.prepared && held.prepared.shiftId === window.id && !keep.has(held.prepared.id) && !stale.includes(held.prepared.id)) stale.push(held.prepared.id);
    }
    const dropped = await repo.dropPreparedAttempts(stale);
    let prepared = 0;
    for (let from = 0; from < made.length; from += PREPARE_BATCH) prepared += await repo.insertPreparedAttempts(made.slice(from, from + PREPARE_BATCH));
    return { prepared, dropped };
  }

  /** One preparation run over every due window; answers how many attempts it prepared and dropped. */
  async function prepareDue(): Promise<{ prepared: number; dropped: number }> {
    if (!deps) return { prepared: 0, dropped: 0 };
    const windows = await deps.windowsDue(PREPARE_AHEAD_MS);
    let dropped = await repo.dropPreparedOutside(windows.map((w) => w.id));
    let prepared = 0;
    for (const window of windows) {
      const outcome = await prepareWindow(window);
      prepared += outcome.prepared;
      dropped += outcome.dropped;
    }
    return { prepared, dropped };
  }

  return { prepareDue };
}
