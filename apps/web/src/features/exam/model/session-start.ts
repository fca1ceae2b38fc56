import type { ExamSession, TestResult, TestType } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import type { examApi } from '../api/exam-api';
import * as machine from './player-machine';
import type { PlayerState } from './player-state';

export type SessionStartApi = Pick<typeof examApi, 'isAnyActiveTestSession' | 'checkSession' | 'getSessionDetails' | 'practise'>;

/** The attempt to show, or the result of one the server has already closed. */
export type SessionStart = { kind: 'open'; state: PlayerState } | { kind: 'finished'; result: TestResult };

export interface SessionStartInput {
  api: SessionStartApi;
  type: TestType;
  courseID: number;
  taskID: number;
  /** The player state kept in browser storage for this task and course, if any. */
  stored: unknown;
  now: () => number;
  /** The text of the error when the server sends an attempt without sections. */
  noSectionsMessage: () => string;
}

/**
 * The session-start algorithm (spec 001 §4): a graded test resumes the attempt the server holds
 * open for this task (reusing the stored state of the same attempt), else a new or resumed attempt
 * comes from `practise`.
 */
export async function startSession({ api, type, courseID, taskID, stored, now, noSectionsMessage }: SessionStartInput): Promise<SessionStart> {
  if (type === 'test') {
    const active = await api.isAnyActiveTestSession();
    if (active.TestSessionID && active.TaskID === taskID) {
      const check = await api.checkSession({ TestSessionID: active.TestSessionID });
      if (!check.isValid) {
        if (check.testResult) return { kind: 'finished', result: check.testResult };
      } else if (machine.isReusableState(stored, active.TestSessionID)) {
        // The stored state is reused with the server's times; its answers are also checked
        // against the server's so that saves confirmed just before a reload show as confirmed.
        const details = await api.getSessionDetails({ TestSessionID: active.TestSessionID, taskID }).catch(() => null);
        return { kind: 'open', state: details ? fromSession(details, stored, now()) : machine.refreshTimes(stored, check, now()) };
      } else {
        const details = await api.getSessionDetails({ TestSessionID: active.TestSessionID, taskID });
        if (details.section.length > 0) return { kind: 'open', state: fromSession(details, stored, now()) };
      }
    }
  }
  const session = await api.practise({ taskID, courseID, languageID: 1 });
  if (session.status === 'submitted' || session.section.length === 0) throw new ApiError(noSectionsMessage(), 'EXAM_NO_SECTIONS', 422);
  return { kind: 'open', state: fromSession(session, stored, now()) };
}

/** Session start, steps 3–5: a stored state of the same attempt is reused with server answers. */
export function fromSession(session: ExamSession, stored: unknown, now: number): PlayerState {
  if (machine.isReusableState(stored, session.TestSessionID)) {
    const refreshed = machine.refreshTimes(
      stored,
      {
        RemainingTime: session.RemainingTime,
        Section: session.section.map((section) => ({
          sectionIndex: section.sectionIndex,
          sectionName: section.sectionName,
          RemainingTime: section.sectionTimeRemaining,
          active: section.isActiveSection,
          isSectionCompleted: section.isSectionCompleted,
        })),
      },
      now,
    );
    return machine.mergeServerAnswers(refreshed, session);
  }
  return machine.applyCompactState(machine.createPlayerState(session, now), session.localState);
}
