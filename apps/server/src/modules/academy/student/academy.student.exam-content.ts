import { LRUCache } from 'lru-cache';
import { seededOrder, TEST_CONFIG_ERRORS } from '@app/contracts';
import { AppError } from '../../../lib/errors.js';
import type { QuestionContent } from '../../question-bank/question-bank.service.js';
import { DRAW_POOL_LIMIT, questionScopeOf, type QuestionScopeRef } from '../shared/academy.question-scope.js';
import type { AcademyRepository, Placement, SectionRow, TaskCompletion, TestTaskRow } from './academy.student.repository.js';

export type { SectionRow, TaskRow, TestTaskRow } from './academy.student.repository.js';
export type { QuestionContent as QuestionRow } from '../../question-bank/question-bank.service.js';

/** A question as placed in a test, with the content and key of one of its versions and the marks that apply. */
export interface MappedQuestion {
  mapId: number;
  sectionId: number;
  sortOrder: number;
  marks: number;
  negativeMarks: number;
  question: QuestionContent;
}

/** A test as the exam engine sees it: the task with its course flags, its sections and its questions (keys included). */
export interface TaskBundle {
  task: TestTaskRow;
  sections: SectionRow[];
  maps: MappedQuestion[];
}

/** What the academy asks of the question bank: which version is current, a version's content, and a draw's pool. */
export interface QuestionSource {
  currentVersionIds(questionIds: number[]): Promise<Map<number, number>>;
  contentOfVersions(versionIds: number[]): Promise<Map<number, QuestionContent>>;
  poolQuestionIds(scope: QuestionScopeRef, rule: { topicIds: number[]; difficulties: string[] }, limit: number): Promise<number[]>;
}

/** Bundles kept per process (a test at one set of versions each); a few hundred tests' worth. */
const BUNDLE_CACHE_ENTRIES = 200;

export const isDrawSection = (section: SectionRow): section is SectionRow & { drawRule: NonNullable<SectionRow['drawRule']> } =>
  section.questionSource === 'draw' && !!section.drawRule;

/** A read that calls arriving while it is under way share; the next call after it reads again. */
function shared<K, V>(underWay: Map<K, Promise<V>>, key: K, read: () => Promise<V>): Promise<V> {
  let reading = underWay.get(key);
  if (!reading) {
    reading = read();
    underWay.set(key, reading);
    const forget = () => underWay.delete(key);
    reading.then(forget, forget);
  }
  return reading;
}

/**
 * What the exam, grading, proctoring and reports modules read about a test. Keys are on the
 * questions: callers decide what reaches a response (the contracts' schemas strip the rest).
 */
export function createExamContent(repo: AcademyRepository, questions: QuestionSource) {
  /** Each placement with the version given for it (an attempt's served versions), else the current one. */
  async function withContent(placements: Placement[], versions?: ReadonlyMap<number, number>): Promise<MappedQuestion[]> {
    const current = await questions.currentVersionIds(placements.filter((p) => !versions?.has(p.mapId)).map((p) => p.questionId));
    const versionOf = (p: Placement) => versions?.get(p.mapId) ?? current.get(p.questionId)!;
    const content = await questions.contentOfVersions(placements.map(versionOf));
    return placements.map((p) => {
      const question = content.get(versionOf(p))!;
      return {
        mapId: p.mapId,
        sectionId: p.sectionId,
        sortOrder: p.sortOrder,
        marks: p.marksOverride ?? question.marks,
        negativeMarks: p.negativeMarksOverride ?? question.negativeMarks,
        question,
      };
    });
  }

  /**
   * Sections and questions of recently used tests, by task, fingerprint and served versions. A
   * wave of students starting the same test reads the task row and the fingerprint (two light
   * queries) instead of the 180 questions with their texts and tags for each of them. Entries are
   * never changed once made: callers get them as they are (they copy before adding draws).
   */
  const bundles = new LRUCache<string, Promise<{ sections: SectionRow[]; maps: MappedQuestion[] }>>({ max: BUNDLE_CACHE_ENTRIES });

  /**
   * The task row and the fingerprint, read for every call; calls arriving while a read is under
   * way share it (a wave of starts reads them once per round trip, not once per start), and the
   * next call after it reads again, so a change is seen as before (decision 035).
   */
  const heads = new Map<number, Promise<[TestTaskRow | undefined, string]>>();
  const taskHead = (taskId: number) => shared(heads, taskId, () => Promise.all([repo.getTestTask(taskId), repo.bundleStamp(taskId)]));
  /** The task row alone, read in the same way (a submit's answer needs no more). */
  const taskRows = new Map<number, Promise<TestTaskRow | undefined>>();
  const taskRow = (taskId: number) => shared(taskRows, taskId, () => repo.getTestTask(taskId));

  /** Keys of version maps seen before: a served set's map is one shared object, read at every close and resume. */
  const versionKeys = new WeakMap<ReadonlyMap<number, number>, string>();
  function versionsKey(versions: ReadonlyMap<number, number> | undefined): string {
    if (!versions) return 'current';
    let key = versionKeys.get(versions);
    if (key === undefined) {
      key = [...versions].sort((a, b) => a[0] - b[0]).map(([mapId, versionId]) => `${mapId}:${versionId}`).join(',');
      versionKeys.set(versions, key);
    }
    return key;
  }

  return {
    /** The test's task row (with its course's), without its questions: read every time, as loadTestBundle's. */
    loadTestTask: taskRow,

    /**
     * The test with its questions: at the versions given per questionTaskMapID (those an attempt
     * was served), and at each question's current version otherwise. The task row is read every
     * time; sections and questions come from the cache while the test's fingerprint is unchanged.
     */
    async loadTestBundle(taskId: number, versions?: ReadonlyMap<number, number>): Promise<TaskBundle | undefined> {
      const [task, stamp] = await taskHead(taskId);
      if (!task) return undefined;
      const key = `${taskId}|${stamp}|${versionsKey(versions)}`;
      let entry = bundles.get(key);
      if (!entry) {
        // Calls arriving together share one load; a failed load is forgotten so the next retries.
        entry = (async () => {
          const [sections, placements] = await Promise.all([repo.listSections(taskId), repo.listPlacements(taskId, versions ? [...versions.keys()] : [])]);
          return { sections, maps: await withContent(placements, versions) };
        })();
        const loading = entry;
        loading.catch(() => bundles.get(key) === loading && bundles.delete(key));
        bundles.set(key, loading);
      }
      const { sections, maps } = await entry;
      return { task, sections, maps };
    },

    /**
     * A new attempt's random draws: for each draw section, `count` questions of the test owner's
     * bank that fit the rule and are not placed elsewhere in the test, chosen by the seed (the
     * attempt's id). The attempt records them with its served versions, so a resume sees the same.
     * Refused when the bank no longer has enough. Without `record`, a sample for a preview.
     */
    async drawForAttempt(bundle: TaskBundle, seed: string, options: { record: boolean } = { record: true }): Promise<MappedQuestion[]> {
      const drawSections = bundle.sections.filter(isDrawSection);
      if (!drawSections.length) return [];
      const taken = new Set(bundle.maps.map((m) => m.question.id));
      const drawn: Placement[] = [];
      for (const section of drawSections) {
        const rule = section.drawRule;
        const pool = (await questions.poolQuestionIds(questionScopeOf(bundle.task), rule, DRAW_POOL_LIMIT)).filter((id) => !taken.has(id));
        if (pool.length < rule.count) throw new AppError(TEST_CONFIG_ERRORS.TC_DRAW_SHORT);
        const chosen = seededOrder(pool, `${seed}:draw:${section.id}`).slice(0, rule.count);
        chosen.forEach((id) => taken.add(id));
        // A preview's draw is shown, never stored: its questions get stand-in ids.
        const ids = options.record
          ? await repo.ensureDrawnPlacements(bundle.task.id, section.id, chosen, rule)
          : new Map(chosen.map((id) => [id, -id]));
        chosen.forEach((questionId, sortOrder) =>
          drawn.push({ mapId: ids.get(questionId)!, sectionId: section.id, sortOrder, questionId, marksOverride: rule.marks, negativeMarksOverride: rule.negativeMarks }),
        );
      }
      return withContent(drawn);
    },
    /**
     * A draw made before, as a new attempt is served it: these drawn placements of the test, in
     * this order within each draw section (an exam centre's staged draw, decision 076). Refused
     * when a section does not get its count.
     */
    async stagedDrawn(bundle: TaskBundle, mapIds: number[]): Promise<MappedQuestion[]> {
      const position = new Map(mapIds.map((id, index) => [id, index]));
      const placements = (await repo.listDrawnPlacements(bundle.task.id, mapIds)).sort((a, b) => position.get(a.mapId)! - position.get(b.mapId)!);
      const drawn: Placement[] = [];
      for (const section of bundle.sections.filter(isDrawSection)) {
        const inSection = placements.filter((p) => p.sectionId === section.id);
        if (inSection.length !== section.drawRule.count) throw new AppError(TEST_CONFIG_ERRORS.TC_DRAW_SHORT);
        inSection.forEach((p, sortOrder) => drawn.push({ ...p, sortOrder, marksOverride: section.drawRule.marks, negativeMarksOverride: section.drawRule.negativeMarks }));
      }
      return withContent(drawn);
    },
    /**
     * Of these questionTaskMapIDs, the test's drawn placements (those its attempts were served),
     * each at its question's current version: what staff see of a draw beside the test's own.
     */
    async drawnPlacements(taskId: number, mapIds: number[]): Promise<MappedQuestion[]> {
      const placements = await repo.listDrawnPlacements(taskId, mapIds);
      return placements.length ? withContent(placements) : [];
    },
    getTestTask: (taskId: number) => repo.getTestTask(taskId),
    /** A test made for one student (a notebook's weekly re-test, decision 081); only they reach it. */
    createOwnedTest: (input: Parameters<AcademyRepository['createOwnedTest']>[0]) => repo.createOwnedTest(input),
    deleteOwnedTest: (taskId: number, ownerUserId: number) => repo.deleteOwnedTest(taskId, ownerUserId),
    listSections: (taskId: number) => repo.listSections(taskId),
    /** A question's placement in a test, with its current version (its kind never changes). */
    async findMapByQuestion(taskId: number, questionId: number): Promise<MappedQuestion | undefined> {
      const placement = await repo.findPlacementByQuestion(taskId, questionId);
      return placement ? (await withContent([placement]))[0] : undefined;
    },
    findQuestionMap: (mapId: number) => repo.findMap(mapId),
    /**
     * Of these questions, those a graded test students can take now also holds: practice never
     * shows their keys (until tests carry review settings).
     */
    questionsInOpenGradedTests: (questionIds: number[]) => repo.questionsInOpenGradedTests(questionIds),
    /** Names and score visibility of tasks, by id. */
    async taskNames(taskIds: number[]): Promise<Map<number, { name: string; scoreVisible: boolean }>> {
      const rows = await repo.listTaskNames([...new Set(taskIds)]);
      return new Map(rows.map((r) => [r.id, { name: r.name, scoreVisible: r.scoreVisible }]));
    },
    /** Seconds of course tracking per day from a day on (reports' activity). */
    studyTimeByDay: (userId: number, fromDay: string) => repo.listStudyDays(userId, fromDay),
    markTaskCompleted: (values: TaskCompletion) => repo.markTaskCompleted(values),
    /** The statement that marks tasks completed, run by the exam in the statement that writes the closed attempts' scores. */
    completionStatement: (completions: TaskCompletion[]) => repo.completionStatement(completions),
  };
}

export type ExamContent = ReturnType<typeof createExamContent>;
