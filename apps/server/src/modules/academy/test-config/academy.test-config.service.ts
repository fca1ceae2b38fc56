import {
  MESSAGES,
  NEET_PATTERN,
  TEST_CONFIG_ERRORS,
  changedScoringSettings,
  publishProblems,
  sectionMarks,
  sectionQuestionCount,
  sectionsChangeScoring,
  type CreateTestConfigBodySchema,
  type ListTestConfigsQuerySchema,
  type ListTestConfigsResult,
  type PublishTestConfigBodySchema,
  type RuleProblem,
  type RuleSection,
  type SaveSectionsBodySchema,
  type TestAudience,
  type TestConfig,
  type TestSettings,
  type UpdateTestConfigBodySchema,
  type ExamSession,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../../lib/actor.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { sanitizeHtml } from '../../../lib/html-sanitizer.js';
import { canEditTestConfig, canSeeTestConfig } from '../shared/academy.policy.js';
import { DRAW_POOL_LIMIT, questionScopeOf, type QuestionScopeRef } from '../shared/academy.question-scope.js';
import { testPublishAudit } from '../shared/academy.test-publish.js';
import type { SectionValues, TaskInsert, TestConfigRepository, TestScope } from './academy.test-config.repository.js';

type TaskRow = NonNullable<Awaited<ReturnType<TestConfigRepository['getTest']>>>;

/** A bank question as the configuration lists it (no key). */
export interface PoolQuestionSummary {
  questionId: number;
  questionType: string;
  difficulty: string;
  title: string;
  preview: string;
  marks: number;
  negativeMarks: number;
}

/** What test configuration asks of the question bank. */
export interface TestConfigQuestions {
  summariesInScope(scope: QuestionScopeRef, questionIds: number[]): Promise<Map<number, PoolQuestionSummary>>;
  poolQuestionIds(scope: QuestionScopeRef, rule: { topicIds: number[]; difficulties: string[] }, limit: number): Promise<number[]>;
}

/** What it asks of the exam (bound late: the exam is composed after the academy). */
export interface TestConfigAttempts {
  countAttemptsByTask(taskIds: number[]): Promise<Map<number, number>>;
  previewSession(taskId: number, seed: string): Promise<ExamSession>;
}

export interface TestConfigServiceDeps {
  repo: TestConfigRepository;
  clock: Clock;
  questions: TestConfigQuestions;
  attempts: () => TestConfigAttempts;
  /** The schedules module: who can take the test, and when (decision 038). */
  audience?: (actor: Actor, taskId: number) => Promise<TestAudience | null>;
}

const err = (def: (typeof TEST_CONFIG_ERRORS)[keyof typeof TEST_CONFIG_ERRORS], options: ConstructorParameters<typeof AppError>[1] = {}) =>
  new AppError(def, options);

/** The refusal to publish: the first reason as the message, every reason by field. */
function notPublishable(problems: RuleProblem[]): AppError {
  return err(TEST_CONFIG_ERRORS.TC_NOT_PUBLISHABLE, {
    detail: MESSAGES[problems[0]!.key],
    fields: Object.fromEntries(problems.map((p) => [p.field, p.key])),
  });
}

function settingsOf(task: TaskRow): TestSettings {
  return {
    name: task.name,
    testType: (task.testType ?? 'test') as TestSettings['testType'],
    courseId: task.courseId,
    topicId: task.topicId,
    instructionsEn: task.instructions,
    instructionsTn: task.instructionsTn,
    durationMinutes: task.durationMinutes ?? 0,
    questionSwitch: task.questionSwitch === 0 ? 0 : 1,
    isSectionNavigationAllowed: task.isSectionNavigationAllowed,
    mandatory: task.mandatory,
    sectionWiseTimer: task.sectionWiseTimer,
    shuffle: task.shuffle,
    questionDisplayType: task.questionDisplayType === 'horizontal' ? 'horizontal' : 'vertical',
    isEditorAllowed: task.isEditorAllowed,
    isCameraAllowed: task.isCameraAllowed,
    isTabAlertAllowed: task.isTabAlertAllowed === 0 ? 0 : 1,
    warnings: task.warnings,
    scoreVisible: task.scoreVisible,
    partialSubmitMinutes: task.partialSubmitMinutes,
    attemptsAllowed: task.attemptsAllowed,
    showAnswers: task.showAnswers,
    englishAuthoritative: task.englishAuthoritative,
  };
}

function rowOf(settings: TestSettings): Partial<TaskInsert> {
  return {
    name: settings.name,
    testType: settings.testType,
    courseId: settings.courseId,
    topicId: settings.topicId,
    instructions: sanitizeHtml(settings.instructionsEn),
    instructionsTn: sanitizeHtml(settings.instructionsTn),
    // A practice test of 0 minutes is untimed (it counts up); the exam reads that as null.
    durationMinutes: settings.durationMinutes > 0 ? settings.durationMinutes : null,
    questionSwitch: settings.questionSwitch,
    isSectionNavigationAllowed: settings.isSectionNavigationAllowed,
    mandatory: settings.mandatory,
    sectionWiseTimer: settings.sectionWiseTimer,
    shuffle: settings.shuffle,
    questionDisplayType: settings.questionDisplayType,
    isEditorAllowed: settings.isEditorAllowed,
    isCameraAllowed: settings.isCameraAllowed,
    isTabAlertAllowed: settings.isTabAlertAllowed,
    warnings: settings.warnings,
    scoreVisible: settings.scoreVisible,
    partialSubmitMinutes: settings.partialSubmitMinutes,
    attemptsAllowed: settings.attemptsAllowed,
    showAnswers: settings.showAnswers,
    englishAuthoritative: settings.englishAuthoritative,
  };
}

/** The list's narrowing in SQL; each row is still checked with the policy. */
function scopeOf(actor: Actor): TestScope {
  return actor.role === 'ClientAdmin' ? { kind: 'client', clientId: actor.clientId } : { kind: 'institute', clientId: actor.clientId, instituteId: actor.instituteId };
}

export function createTestConfigService(deps: TestConfigServiceDeps) {
  const { repo, clock, questions } = deps;

  async function visibleTest(actor: Actor, testId: number): Promise<TaskRow> {
    const task = await repo.getTest(testId);
    if (!task || !canSeeTestConfig(actor, task)) throw err(TEST_CONFIG_ERRORS.TC_TEST_NOT_FOUND);
    return task;
  }

  async function editableTest(actor: Actor, testId: number): Promise<TaskRow> {
    const task = await visibleTest(actor, testId);
    if (!canEditTestConfig(actor, task)) throw err(TEST_CONFIG_ERRORS.TC_NOT_EDITABLE);
    return task;
  }

  const attemptCountOf = async (taskId: number) => (await deps.attempts().countAttemptsByTask([taskId])).get(taskId) ?? 0;

  /** The sections as the rules read them, with each draw's pool size (questions picked elsewhere in the test excluded). */
  async function ruleSections(task: TaskRow, sections: SectionValues[]): Promise<{ rules: RuleSection[]; summaries: Map<number, PoolQuestionSummary> }> {
    const scope = questionScopeOf(task);
    const picked = sections.flatMap((s) => (s.questionSource === 'pick' ? s.questions.map((q) => q.questionId) : []));
    const summaries = await questions.summariesInScope(scope, picked);
    const pickedSet = new Set(picked);
    const rules: RuleSection[] = [];
    for (const s of sections) {
      let available: number | null = null;
      if (s.questionSource === 'draw' && s.drawRule) {
        const pool = await questions.poolQuestionIds(scope, s.drawRule, DRAW_POOL_LIMIT);
        available = pool.filter((id) => !pickedSet.has(id)).length;
      }
      rules.push({
        name: s.name,
        durationMinutes: s.durationMinutes,
        source: s.questionSource,
        draw: s.questionSource === 'draw' ? s.drawRule : null,
        available,
        questions: s.questions.map((q) => ({
          questionId: q.questionId,
          marks: q.marks,
          negativeMarks: q.negativeMarks,
          defaultMarks: summaries.get(q.questionId)?.marks ?? 0,
          defaultNegativeMarks: summaries.get(q.questionId)?.negativeMarks ?? 0,
        })),
      });
    }
    return { rules, summaries };
  }

  async function storedSections(taskId: number): Promise<Array<SectionValues & { sectionId: number; placements: Map<number, number> }>> {
    const [sections, placements] = await Promise.all([repo.listSections(taskId), repo.listPlacements(taskId)]);
    return sections.map((s) => {
      const mine = placements.filter((p) => p.sectionId === s.id);
      return {
        sectionId: s.id,
        name: s.name,
        nameTn: s.nameTn,
        durationMinutes: s.durationMinutes,
        questionSource: s.questionSource === 'draw' ? 'draw' : 'pick',
        drawRule: s.drawRule ?? null,
        questions: mine.map((p) => ({ questionId: p.questionId, marks: p.marks, negativeMarks: p.negativeMarks })),
        placements: new Map(mine.map((p) => [p.questionId, p.id])),
      };
    });
  }

  async function view(actor: Actor, task: TaskRow): Promise<TestConfig> {
    const [sections, attemptCount, audience] = await Promise.all([storedSections(task.id), attemptCountOf(task.id), deps.audience?.(actor, task.id)]);
    const settings = settingsOf(task);
    const { rules, summaries } = await ruleSections(task, sections);
    return {
      testId: task.id,
      settings,
      isPublished: task.isPublished,
      isEditable: canEditTestConfig(actor, task),
      audience: audience ?? { sharedWithClient: task.ownerInstituteId === null, institutes: [], otherInstitutes: task.ownerInstituteId === null },
      attemptCount,
      sections: sections.map((s, i) => ({
        sectionId: s.sectionId,
        name: s.name,
        nameTn: s.nameTn,
        durationMinutes: s.durationMinutes,
        source: s.questionSource,
        draw: s.questionSource === 'draw' ? s.drawRule : null,
        available: rules[i]!.available ?? null,
        questions: s.questions.map((q) => {
          const summary = summaries.get(q.questionId);
          return {
            questionTaskMapId: s.placements.get(q.questionId)!,
            questionId: q.questionId,
            questionType: summary?.questionType ?? '',
            difficulty: summary?.difficulty ?? '',
            title: summary?.title ?? '',
            preview: summary?.preview ?? '',
            marks: q.marks,
            negativeMarks: q.negativeMarks,
            defaultMarks: summary?.marks ?? 0,
            defaultNegativeMarks: summary?.negativeMarks ?? 0,
          };
        }),
      })),
      totalQuestions: rules.reduce((sum, s) => sum + sectionQuestionCount(s), 0),
      totalMarks: Math.round(rules.reduce((sum, s) => sum + sectionMarks(s), 0) * 100) / 100,
      problems: publishProblems(settings, rules).map((p) => ({ field: p.field, key: p.key })),
      updatedAt: task.updatedAt.toISOString(),
    };
  }

  async function assertCourseAndTopic(settings: TestSettings): Promise<void> {
    if (!(await repo.topicInCourse(settings.courseId, settings.topicId))) {
      throw err(TEST_CONFIG_ERRORS.TC_COURSE_NOT_FOUND, { fields: { 'settings.topicId': 'tcCourseTopicInvalid' } });
    }
  }

  /** The NEET pattern's four subjects: draws from the course's topic of that name, else empty picks to fill. */
  async function neetSections(courseId: number): Promise<SectionValues[]> {
    const topicIds = await repo.topicsNamed(courseId, NEET_PATTERN.subjects.map((s) => s.en));
    return NEET_PATTERN.subjects.map((subject) => {
      const topicId = topicIds.get(subject.en);
      return {
        name: subject.en,
        nameTn: subject.tn,
        durationMinutes: 0,
        questionSource: topicId ? 'draw' : 'pick',
        drawRule: topicId
          ? { count: NEET_PATTERN.questionsPerSection, topicIds: [topicId], difficulties: [], marks: NEET_PATTERN.marks, negativeMarks: NEET_PATTERN.negativeMarks }
          : null,
        questions: [],
      };
    });
  }

  return {
    async listTestConfigs(actor: Actor, query: z.output<typeof ListTestConfigsQuerySchema>): Promise<ListTestConfigsResult> {
      const { total, rows } = await repo.list(scopeOf(actor), { search: query.search }, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
      const visible = rows.filter((r) => canSeeTestConfig(actor, r.task));
      const counts = await deps.attempts().countAttemptsByTask(visible.map((r) => r.task.id));
      return {
        total,
        page: query.page,
        pageSize: query.pageSize,
        items: visible.map((r) => ({
          testId: r.task.id,
          name: r.task.name,
          testType: r.task.testType === 'practice' ? 'practice' : 'test',
          courseId: r.task.courseId,
          courseName: r.courseName,
          durationMinutes: r.task.durationMinutes ?? 0,
          isPublished: r.task.isPublished,
          sectionCount: r.sectionCount,
          attemptCount: counts.get(r.task.id) ?? 0,
          updatedAt: r.task.updatedAt.toISOString(),
        })),
      };
    },

    async getTestConfig(actor: Actor, query: { testId: number }): Promise<TestConfig> {
      return view(actor, await visibleTest(actor, query.testId));
    },

    async createTestConfig(actor: Actor, body: z.output<typeof CreateTestConfigBodySchema>): Promise<TestConfig> {
      const settings = body.pattern === 'neet' ? { ...body.settings, durationMinutes: NEET_PATTERN.durationMinutes, sectionWiseTimer: false } : body.settings;
      await assertCourseAndTopic(settings);
      const now = clock.now();
      const task = await repo.insertTest({
        ...(rowOf(settings) as TaskInsert),
        kind: 'test',
        isPublished: false,
        ownerClientId: actor.clientId,
        // A client administrator's tests are the client's; anyone else's belong to their institute.
        ownerInstituteId: actor.role === 'ClientAdmin' ? null : actor.instituteId,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      if (body.pattern === 'neet') await repo.replaceSections(task.id, await neetSections(settings.courseId), now);
      return view(actor, (await repo.getTest(task.id))!);
    },

    async updateTestConfig(actor: Actor, body: z.output<typeof UpdateTestConfigBodySchema>): Promise<TestConfig> {
      const task = await editableTest(actor, body.testId);
      const before = settingsOf(task);
      const changed = changedScoringSettings(before, body.settings);
      if (changed.length && (await attemptCountOf(task.id)) > 0) {
        throw err(TEST_CONFIG_ERRORS.TC_HAS_ATTEMPTS, { fields: Object.fromEntries(changed.map((f) => [`settings.${f}`, 'tcLockedByAttempts'])) });
      }
      if (before.courseId !== body.settings.courseId || before.topicId !== body.settings.topicId) await assertCourseAndTopic(body.settings);
      if (task.isPublished) {
        const { rules } = await ruleSections(task, await storedSections(task.id));
        const problems = publishProblems(body.settings, rules);
        if (problems.length) throw notPublishable(problems);
      }
      const expected = body.updatedAt ? new Date(body.updatedAt) : undefined;
      const updated = await repo.updateTest(task.id, { ...rowOf(body.settings), updatedAt: clock.now() }, expected && !Number.isNaN(expected.getTime()) ? expected : undefined);
      if (!updated) throw err(TEST_CONFIG_ERRORS.TC_STALE);
      return view(actor, updated);
    },

    async saveTestSections(actor: Actor, body: z.output<typeof SaveSectionsBodySchema>): Promise<TestConfig> {
      const task = await editableTest(actor, body.testId);
      const stored = await storedSections(task.id);
      const storedIds = new Set(stored.map((s) => s.sectionId));
      const seen = new Set<number>();
      const fields: Record<string, string> = {};
      const next: SectionValues[] = body.sections.map((s, i) => {
        if (s.sectionId !== undefined && !storedIds.has(s.sectionId)) throw err(TEST_CONFIG_ERRORS.TC_SECTION_NOT_FOUND, { fields: { [`sections.${i}.sectionId`]: 'tcSectionUnknown' } });
        if (s.source === 'draw' && !s.draw) fields[`sections.${i}.draw`] = 'tcSectionEmpty';
        const picks = s.source === 'pick' ? s.questions : [];
        picks.forEach((q, j) => {
          if (seen.has(q.questionId)) throw err(TEST_CONFIG_ERRORS.TC_DUPLICATE_QUESTION, { fields: { [`sections.${i}.questions.${j}.questionId`]: 'tcDuplicateQuestion' } });
          seen.add(q.questionId);
        });
        return {
          sectionId: s.sectionId,
          name: s.name,
          nameTn: s.nameTn,
          durationMinutes: s.durationMinutes,
          questionSource: s.source,
          drawRule: s.source === 'draw' && s.draw ? s.draw : null,
          questions: picks.map((q) => ({ questionId: q.questionId, marks: q.marks ?? null, negativeMarks: q.negativeMarks ?? null })),
        };
      });
      if (Object.keys(fields).length) throw new AppError({ ...TEST_CONFIG_ERRORS.TC_NOT_PUBLISHABLE, http: 400 }, { detail: MESSAGES.tcSectionEmpty, fields });
      const { rules, summaries } = await ruleSections(task, next);
      const missing = [...seen].filter((id) => !summaries.has(id));
      if (missing.length) throw err(TEST_CONFIG_ERRORS.TC_QUESTION_NOT_FOUND);
      const toLock = (list: SectionValues[]) => list.map((s) => ({ sectionId: s.sectionId, durationMinutes: s.durationMinutes, source: s.questionSource, questions: s.questions, draw: s.drawRule }));
      const now = clock.now();
      if (!sectionsChangeScoring(toLock(stored), toLock(next))) {
        await repo.renameSections(task.id, next.map((s) => ({ sectionId: s.sectionId!, name: s.name, nameTn: s.nameTn })), now);
        return view(actor, (await repo.getTest(task.id))!);
      }
      if ((await attemptCountOf(task.id)) > 0) throw err(TEST_CONFIG_ERRORS.TC_HAS_ATTEMPTS);
      if (task.isPublished) {
        const problems = publishProblems(settingsOf(task), rules);
        if (problems.length) throw notPublishable(problems);
      }
      await repo.replaceSections(task.id, next, now);
      return view(actor, (await repo.getTest(task.id))!);
    },

    /** The test as a student would be served it (a sample draw), without an attempt. */
    async previewTestConfig(actor: Actor, query: { testId: number }): Promise<ExamSession> {
      const task = await visibleTest(actor, query.testId);
      return deps.attempts().previewSession(task.id, randomUUID());
    },

    async publishTestConfig(actor: Actor, body: z.output<typeof PublishTestConfigBodySchema>): Promise<TestConfig> {
      const task = await editableTest(actor, body.testId);
      if (body.isPublished) {
        const { rules } = await ruleSections(task, await storedSections(task.id));
        const problems = publishProblems(settingsOf(task), rules);
        if (problems.length) throw notPublishable(problems);
      }
      if (task.isPublished === body.isPublished) return view(actor, task);
      const updated = await repo.setPublished(actor, task.id, { isPublished: body.isPublished, updatedAt: clock.now() }, testPublishAudit(task, body.isPublished));
      return view(actor, updated!);
    },
  };
}

export type TestConfigService = ReturnType<typeof createTestConfigService>;
