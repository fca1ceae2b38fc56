import {
  COMMON_ERRORS,
  COURSE_TRACKING_INTERVAL_MS,
  SCHEDULES_ERRORS,
  TRACK_MAX_SECONDS_PER_CALL,
  type ListCoursesResult,
  type ListTasksResult,
  type ListTopicsResult,
  type TaskContent,
  type TrackResult,
} from '@app/contracts';
import type { Actor } from '../../../lib/actor.js';
import { courseOpenTo, testOpenTo } from '../../../lib/content-reach.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { sanitizeHtml } from '../../../lib/html-sanitizer.js';
import { createExamContent, type QuestionSource } from './academy.student.exam-content.js';
import { canSeeCourse } from '../shared/academy.policy.js';
import type { AcademyRepository } from './academy.student.repository.js';

/** The student's latest attempt at a task, as the task list shows it. */
export interface LatestAttempt {
  id: string;
  status: string;
  scored: number | null;
  total: number;
  submittedAt: Date | null;
}

export interface AcademyServiceDeps {
  repo: AcademyRepository;
  clock: Clock;
  /** The exam module's latest attempt of the student per task (for the task list). */
  latestAttempts: (userId: number, taskIds: number[]) => Promise<Map<number, LatestAttempt>>;
  /** The question bank: the content of the versions placed in tests. */
  questions: QuestionSource;
  /** The schedules module: mapped courses, locked topics and test windows of a student. */
  schedules?: AcademySchedule;
}

/** What the academy asks the schedule about a student (staff get no filter, no locks, no windows). */
export interface AcademySchedule {
  /** Which courses and tests the account reaches (owner, and a student's own institute's mappings; decision 038). */
  contentReach: (actor: Actor) => Promise<ContentReach>;
  lockedTopics: (actor: Actor, topicIds: number[]) => Promise<Map<number, Date>>;
  windowsFor: (actor: Actor, taskIds: number[]) => Promise<Map<number, { opensAt: Date; closesAt: Date; lateStartUntil: Date | null } | null>>;
}

/** The course and test an account may see: the owner rule, and a student's mappings. */
export interface ContentReach {
  course: (course: { id: number; clientId: string; instituteId: number | null }) => boolean;
  test: (test: { courseId: number; ownerClientId: string; ownerInstituteId: number | null; courseClientId: string; courseInstituteId: number | null }) => boolean;
}

/** Without the schedules module (other modules' tests): the owner rule alone. */
const NO_SCHEDULE: AcademySchedule = {
  contentReach: async (actor) => ({
    course: (course) => courseOpenTo(actor, course, null),
    test: (test) => testOpenTo(actor, test, { id: test.courseId, clientId: test.courseClientId, instituteId: test.courseInstituteId }, null),
  }),
  lockedTopics: async () => new Map(),
  windowsFor: async () => new Map(),
};

const notFound = () => new AppError(COMMON_ERRORS.NOT_FOUND);
const windowOf = (window: { opensAt: Date; closesAt: Date; lateStartUntil: Date | null } | null | undefined) =>
  window ? { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), lateStartUntil: window.lateStartUntil?.toISOString() ?? null } : null;
const testRef = (task: { courseId: number; ownerClientId: string; ownerInstituteId: number | null }, course: { clientId: string; instituteId: number | null }) => ({
  courseId: task.courseId,
  ownerClientId: task.ownerClientId,
  ownerInstituteId: task.ownerInstituteId,
  courseClientId: course.clientId,
  courseInstituteId: course.instituteId,
});
const percent = (done: number, all: number) => (all > 0 ? Math.round((done / all) * 100) : 0);

export function createAcademyService(deps: AcademyServiceDeps) {
  const { repo, clock } = deps;
  const schedule = deps.schedules ?? NO_SCHEDULE;

  /** A topic still locked for the student cannot be opened (course schedule). */
  async function assertTopicOpen(actor: Actor, topicId: number) {
    if ((await schedule.lockedTopics(actor, [topicId])).size > 0) throw new AppError(SCHEDULES_ERRORS.SCHEDULES_TOPIC_LOCKED);
  }

  /** Students see published courses only; staff who manage content see drafts too (academy.policy.ts). */
  /**
   * Another institute's course, or one the student's institute maps to other classes or sections
   * only, does not exist for this account (decision 038).
   */
  async function visibleCourse(actor: Actor, courseId: number) {
    const course = await repo.getCourse(courseId);
    if (!course || !canSeeCourse(actor, course)) throw notFound();
    const reach = await schedule.contentReach(actor);
    if (!reach.course(course)) throw notFound();
    return { course, reach };
  }

  async function visibleTask(actor: Actor, courseId: number, taskId: number) {
    const { course, reach } = await visibleCourse(actor, courseId);
    const task = await repo.getTask(taskId);
    if (!task || task.courseId !== courseId) throw notFound();
    // A test made for one student (decision 081) is theirs alone, staff included; it is never published.
    if (task.ownerUserId !== null ? task.ownerUserId !== actor.userId : !canSeeCourse(actor, task)) throw notFound();
    // Another institute's test in a shared course is not this account's.
    if (task.kind === 'test' && !reach.test(testRef(task, course))) throw notFound();
    return task;
  }

  return {
    ...createExamContent(repo, deps.questions),

    async listCourses(actor: Actor): Promise<ListCoursesResult> {
      const reach = await schedule.contentReach(actor);
      const rows = (await repo.listCourses(actor.userId)).filter((r) => reach.course(r.course));
      return rows.map((r) => ({
        courseID: r.course.id,
        courseName: r.course.name,
        description: r.course.description,
        imageUrl: r.course.imageUrl,
        language: r.course.language,
        totalTopics: r.totalTopics,
        totalTasks: r.totalTasks,
        completedTasks: r.completedTasks,
        progress: percent(r.completedTasks, r.totalTasks),
        timeSpent: r.timeSpent,
      }));
    },

    async listTopics(actor: Actor, query: { courseId: number }): Promise<ListTopicsResult> {
      const { course } = await visibleCourse(actor, query.courseId);
      const rows = await repo.listTopics(course.id, actor.userId);
      const locked = await schedule.lockedTopics(actor, rows.map((r) => r.topic.id));
      return {
        courseID: course.id,
        courseName: course.name,
        topics: rows.map((r) => ({
          topicID: r.topic.id,
          topicName: r.topic.name,
          description: r.topic.description,
          totalTasks: r.totalTasks,
          completedTasks: r.completedTasks,
          progress: percent(r.completedTasks, r.totalTasks),
          opensAt: locked.get(r.topic.id)?.toISOString() ?? null,
        })),
      };
    },

    async listTasks(actor: Actor, query: { courseId: number; topicId: number }): Promise<ListTasksResult> {
      const { course, reach } = await visibleCourse(actor, query.courseId);
      const topic = await repo.getTopic(query.topicId);
      if (!topic || topic.courseId !== course.id) throw notFound();
      await assertTopicOpen(actor, topic.id);
      const allRows = (await repo.listTasks(topic.id, actor.userId)).filter(({ task }) => task.kind !== 'test' || reach.test(testRef(task, course)));
      const attempts = await deps.latestAttempts(actor.userId, allRows.map((r) => r.task.id));
      // A scheduled test shows only inside the student's window (or once the student has an attempt at it).
      const windows = await schedule.windowsFor(actor, allRows.filter((r) => r.task.kind === 'test').map((r) => r.task.id));
      const now = clock.now();
      const rows = allRows.filter(({ task }) => {
        if (!windows.has(task.id) || attempts.has(task.id)) return true;
        const window = windows.get(task.id);
        return !!window && window.opensAt <= now && now < window.closesAt;
      });
      return {
        courseID: course.id,
        courseName: course.name,
        topicID: topic.id,
        topicName: topic.name,
        tasks: rows.map(({ task, isCompleted, totalQuestions, totalMarks }) => {
          const attempt = attempts.get(task.id);
          return {
            taskID: task.id,
            TaskName: task.name,
            taskKind: task.kind as 'lesson' | 'test',
            type: (task.testType ?? null) as 'practice' | 'test' | null,
            contentType: (task.contentType ?? null) as TaskContent['contentType'],
            duration: task.kind === 'test' ? (task.durationMinutes ?? null) : null,
            totalQuestions,
            totalMarks,
            isCompleted,
            lastAttempt: attempt
              ? {
                  attemptId: attempt.id,
                  status: attempt.status as 'open' | 'submitted',
                  scored: attempt.status === 'submitted' && task.scoreVisible ? (attempt.scored ?? 0) : null,
                  total: attempt.total,
                  submittedAt: attempt.submittedAt?.toISOString() ?? null,
                }
              : null,
            window: windowOf(windows.get(task.id)),
          };
        }),
      };
    },

    async getContent(actor: Actor, query: { courseId: number; taskId: number }): Promise<TaskContent> {
      const task = await visibleTask(actor, query.courseId, query.taskId);
      await assertTopicOpen(actor, task.topicId);
      const isTest = task.kind === 'test';
      return {
        taskID: task.id,
        courseID: task.courseId,
        topicID: task.topicId,
        TaskName: task.name,
        taskKind: task.kind as 'lesson' | 'test',
        type: (task.testType ?? null) as TaskContent['type'],
        contentType: (task.contentType ?? null) as TaskContent['contentType'],
        videoUrl: isTest ? null : task.videoUrl,
        pdfUrl: isTest ? null : task.pdfUrl,
        richText: !isTest && task.richText ? sanitizeHtml(task.richText) : null,
        testPath: isTest ? `/test/${task.testType ?? 'test'}/${task.courseId}/${task.id}` : null,
        isCompleted: await repo.isTaskCompleted(task.id, actor.userId),
      };
    },

    /**
     * Course tracking. The client reports every 10 s; the server counts no more than the time
     * that really passed since the previous report (plus one interval), so a replayed or
     * inflated report cannot add hours.
     */
    async track(actor: Actor, body: { courseId: number; taskId?: number; timeSpent: number; isCompleted?: boolean }): Promise<TrackResult> {
      const now = clock.now();
      if (body.taskId) await visibleTask(actor, body.courseId, body.taskId);
      else await visibleCourse(actor, body.courseId);
      const previous = await repo.getCourseProgress(actor.userId, body.courseId);
      const sincePrevious = previous?.lastTrackedAt
        ? Math.max(0, Math.floor((now.getTime() - previous.lastTrackedAt.getTime()) / 1000))
        : Number.POSITIVE_INFINITY;
      const counted = Math.min(body.timeSpent, TRACK_MAX_SECONDS_PER_CALL, sincePrevious + COURSE_TRACKING_INTERVAL_MS / 1000);
      const task = body.taskId ? await repo.getTask(body.taskId) : undefined;
      // Only a lesson is completed by studying it; a test is completed by submitting it.
      const completeTask = !!body.isCompleted && task?.kind === 'lesson';
      const { courseTime, taskTime } = await repo.addTime({
        userId: actor.userId,
        courseId: body.courseId,
        taskId: body.taskId,
        seconds: counted,
        now,
        completeTask,
      });
      return { courseID: body.courseId, counted, timeSpent: courseTime, taskTimeSpent: taskTime };
    },
  };
}

export type AcademyService = ReturnType<typeof createAcademyService>;
