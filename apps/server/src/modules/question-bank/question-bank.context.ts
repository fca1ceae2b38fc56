import { COMMON_ERRORS, QUESTION_BANK_ERRORS, type AuthoringQuestion } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { NewQuestionValues, QuestionBankRepository, QuestionHeadRow, QuestionScope, VersionValues } from './question-bank.repository.js';
import { applyContent, assertValid, DEFAULT_VERSION, err, headOf, textsOf, versionOut, type CreateBody } from './question-bank.versions.js';

/** A question checked for creation and waiting to be written (see `planMany`). */
export interface PlannedQuestion {
  values: NewQuestionValues;
  version: (questionId: number) => VersionValues;
}

/** A re-scored attempt as grading reports it (versions by id; the bank turns them into numbers). */
export interface RegradedAttempt {
  attemptId: string;
  userId: number;
  fromVersionId: number;
  oldScored: number | null;
  newScored: number | null;
}

/** What the bank asks of grading (the one place that re-scores); the port is defined here, where it is used. */
export interface QuestionGrading {
  regradeQuestion(
    actor: Actor,
    input: { questionId: number; toVersionId: number; fromVersion: number | null; fromVersionIds: number[]; dryRun?: boolean; versions: { id: number; version: number }[] },
  ): Promise<{ regradeId: number | null; attempts: RegradedAttempt[]; outsideReach: number }>;
  listRegrades(actor: Actor, questionId: number): Promise<
    { regradeId: number; fromVersion: number | null; toVersionId: number; actorName: string | null; createdAt: Date; attempts: RegradedAttempt[] }[]
  >;
}

export interface QuestionBankServiceDeps {
  repo: QuestionBankRepository;
  clock: Clock;
  /** Late-bound: grading is built after the bank (it reads question content through it). */
  grading: () => QuestionGrading | null;
}

function isInScope(head: QuestionHeadRow, scope: QuestionScope): boolean {
  return head.ownerClientId === scope.clientId && (head.ownerInstituteId === null || head.ownerInstituteId === scope.instituteId);
}

/** Institute questions: any staff of the institute. Client questions: the client's administrators. */
function canEdit(actor: Actor, head: QuestionHeadRow): boolean {
  return head.ownerInstituteId !== null || actor.role === 'ClientAdmin';
}

/**
 * What the bank's operation files share: their deps, the caller's scope, the visible and editable
 * question, the topic check, the authoring view and the plan of new questions.
 */
export function createQuestionBankContext(deps: QuestionBankServiceDeps) {
  const { repo } = deps;

  /**
   * The caller's scope, read from the account. Staff see their client's shared questions and
   * their institute's. This is the one place to switch to the shared policy (lib/policy.ts).
   */
  async function staffScopeOf(actor: Actor): Promise<QuestionScope> {
    const scope = await repo.findUserScope(actor.userId);
    if (!scope) throw new AppError(COMMON_ERRORS.AUTH_REQUIRED);
    return scope;
  }

  /** The question if the caller may see it; anyone else's is "not found". */
  async function visibleQuestion(actor: Actor, questionId: number) {
    const [head, scope] = await Promise.all([repo.getHead(questionId), staffScopeOf(actor)]);
    if (!head || !isInScope(head, scope)) throw err(QUESTION_BANK_ERRORS.QB_QUESTION_NOT_FOUND);
    return head;
  }

  async function editableQuestion(actor: Actor, questionId: number) {
    const head = await visibleQuestion(actor, questionId);
    if (!canEdit(actor, head)) throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    return head;
  }

  async function assertTopicsExist(topicIds: number[] | undefined): Promise<void> {
    if (!topicIds?.length) return;
    const unique = [...new Set(topicIds)];
    const found = await repo.existingTopicIds(unique);
    if (found.length !== unique.length) throw err(QUESTION_BANK_ERRORS.QB_TOPIC_NOT_FOUND);
  }

  async function authoringView(actor: Actor, questionId: number, version?: number): Promise<AuthoringQuestion> {
    const head = await visibleQuestion(actor, questionId);
    const [loaded, versions, topics, tags] = await Promise.all([
      repo.getVersion(questionId, version ?? head.currentVersion),
      repo.listVersions(questionId),
      repo.topicsOf([questionId]),
      repo.tagsOf([questionId]),
    ]);
    if (!loaded) throw err(QUESTION_BANK_ERRORS.QB_VERSION_NOT_FOUND);
    return {
      ...headOf(head, topics, tags),
      currentVersion: head.currentVersion,
      isEditable: canEdit(actor, head),
      createdAt: head.createdAt.toISOString(),
      updatedAt: head.updatedAt.toISOString(),
      version: versionOut(loaded),
      versions: versions.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), createdByName: v.createdByName, changeNote: v.changeNote })),
    };
  }

  /**
   * Checks who may create these questions and that each is complete; writes nothing. Blank ids
   * need the new id, but the rules do not read them, so each is checked with id 0.
   */
  async function planMany(actor: Actor, bodies: CreateBody[], owner: 'institute' | 'client'): Promise<PlannedQuestion[]> {
    const scope = await staffScopeOf(actor);
    if (owner === 'client' && actor.role !== 'ClientAdmin') throw err(QUESTION_BANK_ERRORS.QB_NOT_EDITABLE);
    if (owner === 'institute' && scope.instituteId === null) throw err(QUESTION_BANK_ERRORS.QB_NO_INSTITUTE);
    return bodies.map((body) => {
      const texts = textsOf(body);
      assertValid(body.questionType, { ...applyContent(DEFAULT_VERSION, body, 0), texts });
      return {
        values: {
          questionType: body.questionType,
          difficulty: body.difficulty ?? 'medium',
          ownerInstituteId: owner === 'institute' ? scope.instituteId : null,
          ownerClientId: scope.clientId,
          createdBy: actor.userId,
          topicIds: body.topicIds ?? [],
          tags: body.tags ?? [],
        },
        version: (id: number) => ({ ...applyContent(DEFAULT_VERSION, body, id), texts }),
      };
    });
  }

  return { deps, staffScopeOf, visibleQuestion, editableQuestion, assertTopicsExist, authoringView, planMany };
}
export type QuestionBankContext = ReturnType<typeof createQuestionBankContext>;
