import {
  VISITED_URLS_KEPT,
  tabsOfPermissions,
  type ActiveTestDetails,
  type NotificationResult,
  type PermissionTab,
  type SaveUrlBody,
  type SaveUrlResult,
  type TeacherUserInfo,
} from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { NAVIGATION_ERRORS } from './navigation.errors.js';
import type { NavigationRepository } from './navigation.repository.js';

export const NO_ACTIVE_TEST: ActiveTestDetails = {
  TestSessionID: null,
  TaskID: null,
  CourseID: null,
  TaskName: null,
  RemainingTime: null,
  TotalDuration: null,
  CurrentDate: null,
};

export interface NavigationServiceDeps {
  repo: NavigationRepository;
  clock: Clock;
  /** The exam engine's answer to "which test is this user in the middle of?". */
  activeTestFor: (userId: number) => Promise<ActiveTestDetails | null>;
  /** Whether a session id belongs to the user (the auth service knows sessions). */
  isOwnSession: (actor: Actor, sessionId: string) => Promise<boolean>;
  /** The schedule's tests that are open now or open within 24 hours (none when absent). */
  upcomingTests?: (actor: Actor) => Promise<NotificationResult['upcomingTests']>;
}

export function createNavigationService(deps: NavigationServiceDeps) {
  const { repo, clock } = deps;

  /**
   * The menu tabs the actor may open: those covering an action the actor's role holds in its client
   * (role_permissions, narrowed per user by teacher_permissions), the same set routes are checked against.
   */
  const permissionsFor = (actor: Actor): PermissionTab[] => tabsOfPermissions(actor.permissions);

  return {
    permissionsFor,

    async teacherUserInfo(actor: Actor): Promise<TeacherUserInfo> {
      return { Details: { Permissions: permissionsFor(actor) } };
    },

    async notification(actor: Actor): Promise<NotificationResult> {
      const active = await deps.activeTestFor(actor.userId);
      const upcomingTests = (await deps.upcomingTests?.(actor)) ?? [];
      return { activeTestDetails: active?.TestSessionID ? active : NO_ACTIVE_TEST, upcomingTests };
    },

    /** Keeps the reported pages of the caller's own session, at most VISITED_URLS_KEPT per user. */
    async saveUrls(actor: Actor, input: SaveUrlBody): Promise<SaveUrlResult> {
      if (!(await deps.isOwnSession(actor, input.UserSessionID))) throw new AppError(NAVIGATION_ERRORS.NAVIGATION_SESSION_NOT_YOURS);
      const receivedAt = clock.now();
      const saved = await repo.insertVisits(
        input.data.map((visit) => ({
          userId: actor.userId,
          sessionId: input.UserSessionID,
          url: visit.url,
          // A client clock may be off; a visit is never recorded later than its arrival.
          visitedAt: new Date(Math.min(visit.time * 1000, receivedAt.getTime())),
          receivedAt,
        })),
      );
      await repo.trimVisits(actor.userId, VISITED_URLS_KEPT);
      return { saved };
    },

    countVisits: (userId: number) => repo.countVisits(userId),
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;
