import { STAFF_ROLES, STUDENT_ROLES } from '../common/roles.js';
import { defineRoute } from '../common/route.js';
import {
  ChallengeImageQuerySchema,
  ChallengeListQuerySchema,
  ChallengeListSchema,
  ChallengeSchema,
  CreateChallengeBodySchema,
  CreatePostBodySchema,
  DecideBodySchema,
  DecisionResultSchema,
  HidePostBodySchema,
  MyChallengesQuerySchema,
  MyChallengesSchema,
  PinPostBodySchema,
  PostSchema,
  ThreadQuerySchema,
  ThreadSchema,
} from './challenges.schemas.js';

const STUDENTS_AND_STAFF = [...STUDENT_ROLES, ...STAFF_ROLES];

/**
 * Answer-key challenges and question threads (issue 35). Students who took the test, once its
 * answers are released to them; staff of the test's institute. A thread is per institute, test
 * and question; anything outside the caller's reach answers 404.
 */
export const challengeRoutes = {
  thread: defineRoute({
    method: 'GET',
    path: '/challenges/v1/thread',
    access: STUDENTS_AND_STAFF,
    summary: "A question's discussion in a test: the pinned explanation first, then the posts; the student's own challenge",
    query: ThreadQuerySchema,
    response: ThreadSchema,
  }),
  post: defineRoute({
    method: 'POST',
    path: '/challenges/v1/post',
    access: STUDENTS_AND_STAFF,
    summary: "Ask or answer in a question's thread (plain text, English or Tamil; rate limited)",
    body: CreatePostBodySchema,
    response: PostSchema,
  }),
  challenge: defineRoute({
    method: 'POST',
    path: '/challenges/v1/challenge',
    access: STUDENT_ROLES,
    summary: "Challenge a question's key with a reason, once the test's answers are released (one open challenge per question; rate limited)",
    body: CreateChallengeBodySchema,
    response: ChallengeSchema,
  }),
  attachImage: defineRoute({
    method: 'POST',
    path: '/challenges/v1/image',
    access: STUDENT_ROLES,
    summary:
      "Add a picture to your open challenge (multipart field file: PNG, JPEG or WebP up to 5 MB, checked by content; a second one replaces the first; rate limited)",
    query: ChallengeImageQuerySchema,
    multipart: true,
    response: ChallengeSchema,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/challenges/v1/mine',
    access: STUDENT_ROLES,
    summary: "The student's challenges in a test and what was decided",
    query: MyChallengesQuerySchema,
    response: MyChallengesSchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/challenges/v1/list',
    access: STAFF_ROLES,
    permission: 'grading.mark',
    summary: 'Staff: the challenged questions of a test with their item statistics, challenges and decisions',
    query: ChallengeListQuerySchema,
    response: ChallengeListSchema,
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/challenges/v1/decide',
    access: STAFF_ROLES,
    permission: 'grading.mark',
    summary: 'Staff: keep, change, accept several, bonus or drop: a new version of the question and an audited regrade; the challengers are told',
    body: DecideBodySchema,
    response: DecisionResultSchema,
  }),
  hidePost: defineRoute({
    method: 'POST',
    path: '/challenges/v1/hidePost',
    access: STAFF_ROLES,
    summary: 'Staff: take a post down with a reason (audited)',
    body: HidePostBodySchema,
    response: PostSchema,
  }),
  pinPost: defineRoute({
    method: 'POST',
    path: '/challenges/v1/pinPost',
    access: STAFF_ROLES,
    summary: "Staff: pin (or unpin) a staff post as the question's verified explanation",
    body: PinPostBodySchema,
    response: PostSchema,
  }),
};
