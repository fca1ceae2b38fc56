import { randomBytes } from 'node:crypto';
import {
  COMMON_ERRORS,
  DEFAULT_TIME_ZONE,
  FAMILY_REPORTS_ERRORS,
  REPORTS_ERRORS,
  isStaffRole,
  type DigestSettings,
  type EffortQuerySchema,
  type EffortReport,
  type InstitutionReport,
  type InstitutionReportQuerySchema,
  type Language,
  type MetabaseEmbed,
  type StudentCourseDashboard,
  type StudentCourseDashboardQuerySchema,
  type StudentTestWindow,
  type SummaryReport,
  type SummaryReportQuerySchema,
  type Weekday,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../lib/actor.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, forbidden } from '../../../lib/errors.js';
import type { Mailer } from '../../../lib/mailer.js';
import { hasPermission, type StudentScope } from '../../../lib/policy.js';
import { addDays, dateIn, startOfDateIn, weekStartOf } from '../../../lib/zoned-dates.js';
import type { ExamContent } from '../../academy/student/academy.student.exam-content.js';
import { roundMarks } from '../../grading/grading.scoring.js';
import { metabaseEmbed, type MetabaseConfig } from './reports.family.bi.js';
import { buildStudentDashboard, topShare, type FirstAttemptRow } from '../shared/reports.dashboard.js';
import { composeDigest, type DigestChild } from './reports.family.digest.js';
import { buildEffort, trendOf, weekStarts } from './reports.family.effort.js';
import type { FamilyReportsRepository } from './reports.family.repository.js';
import { buildInstitutionReport, subjectRows } from './reports.family.institution.js';
import { canViewReport } from '../shared/reports.policy.js';
import type { SummariesRepository, SummaryRow } from '../shared/reports.repository.js';
import { subjectFigures } from '../shared/reports.summary.js';

export interface FamilyReportsDeps {
  repo: FamilyReportsRepository;
  summaries: SummariesRepository;
  academy: Pick<ExamContent, 'taskNames'>;
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
  clock: Clock;
  mailer: Mailer;
  openTestsAt: (place: StudentScope) => Promise<StudentTestWindow[]>;
  overdueTodosOf: (userId: number) => Promise<{ id: number; title: string; dueDate: string | null }[]>;
  /** A student's notebook review streak and seconds this week (effort only). */
  reviewEffortOf: (userId: number) => Promise<{ streakDays: number; secondsThisWeek: number }>;
  /** The day the week starts on (WEEK_STARTS_ON): the effort view's weeks and the digest's week. Monday when not given. */
  weekStartsOn?: Weekday;
  metabase: MetabaseConfig;
  /** The site's address, for the links in the digest. */
  publicUrl: string;
  log?: (text: string, error: unknown) => void;
}

const TZ = DEFAULT_TIME_ZONE;
const displayName = (u: { firstName: string; lastName: string; username: string }) => [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username;
const newToken = () => randomBytes(24).toString('base64url');

/**
 * The family and institution reports: the Institution account's /reports, a student's subject
 * dashboard by course, the parent's Summary Report and weekly digest, effort against result and
 * BI Reports. Every call checks scope first; out of scope is "not found".
 */
export function createFamilyReportsService(deps: FamilyReportsDeps) {
  const { repo, summaries, clock } = deps;
  const firstDay = deps.weekStartsOn ?? 'monday';
  const notFound = () => new AppError(REPORTS_ERRORS.REPORTS_STUDENT_NOT_FOUND);

  /** The student whose reports are asked for (the caller when none is named), once the caller may see them. */
  async function viewableStudent(actor: Actor, studentId: number | undefined): Promise<StudentScope> {
    if (isStaffRole(actor.role) && !hasPermission(actor, 'reports.view')) throw forbidden();
    const id = studentId ?? actor.userId;
    const student = (await deps.scopesOf([id])).get(id);
    if (!student || !canViewReport(actor, { student })) throw notFound();
    return student;
  }

  /** Tasks' first attempts, with questions for each task's top 10 % only (as the student dashboard). */
  async function firstAttemptsOf(taskIds: number[]): Promise<FirstAttemptRow[]> {
    const rows = await summaries.listFirstAttempts(taskIds);
    const byTask = new Map<number, typeof rows>();
    for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row]);
    const questions = await summaries.listQuestionsOf([...byTask.values()].flatMap((list) => topShare(list).map((r) => r.attemptId)));
    return rows.map((row) => ({ ...row, questions: questions.get(row.attemptId) ?? [] }));
  }

  async function dashboardOf(studentId: number, mine: SummaryRow[]) {
    const taskIds = [...new Set(mine.map((s) => s.taskId))];
    const [firstAttempts, tasks] = await Promise.all([firstAttemptsOf(taskIds), deps.academy.taskNames(taskIds)]);
    return { dashboard: buildStudentDashboard({ studentId, mine, firstAttempts, tasks }), tasks };
  }

  /** Visible-score summaries submitted on the India calendar days [from, to]. */
  async function testsBetween(studentId: number, from: string, to: string) {
    const mine = (await summaries.listForUser(studentId)).filter((s) => {
      const day = dateIn(s.submittedAt, TZ);
      return day >= from && day <= to;
    });
    return dashboardOf(studentId, mine);
  }

  async function settingsOf(parentUserId: number) {
    return (await repo.digestSettings(parentUserId)) ?? repo.ensureDigestSettings(parentUserId, newToken(), clock.now());
  }

  /** One child's week for the digest. */
  async function childWeek(child: { id: number; firstName: string; lastName: string; username: string }, weekStart: string, weekEnd: string): Promise<DigestChild> {
    const place = (await deps.scopesOf([child.id])).get(child.id);
    const [{ dashboard }, study, upcoming, overdue] = await Promise.all([
      testsBetween(child.id, weekStart, weekEnd),
      repo.studyDays(child.id, weekStart, weekEnd),
      place ? deps.openTestsAt(place) : Promise.resolve([]),
      deps.overdueTodosOf(child.id),
    ]);
    return {
      name: displayName(child),
      tests: dashboard.attempts.map((a) => ({ name: a.taskName, scored: a.scored, total: a.total, percentage: a.percentage })),
      studySeconds: study.reduce((sum, d) => sum + d.seconds, 0),
      upcoming: upcoming.map((w) => ({ name: w.taskName, course: w.courseName, opensAt: new Date(w.opensAt), closesAt: new Date(w.closesAt) })),
      overdue: overdue.map((o) => ({ title: o.title, dueDate: o.dueDate })),
    };
  }

  return {
    /** The Institution account's /reports: its institute's courses, classes and tests. */
    async institution(actor: Actor, query: z.output<typeof InstitutionReportQuerySchema>): Promise<InstitutionReport> {
      const institute = actor.instituteId === null ? null : await repo.institute(actor.instituteId);
      if (!institute || institute.clientId !== actor.clientId || !hasPermission(actor, 'reports.view')) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      const place = { instituteId: actor.instituteId! };
      const [rows, participants, students, subjects] = await Promise.all([
        repo.firstAttemptsByClassAndTest(place),
        repo.participants(place),
        repo.studentsByClass(place),
        repo.subjectAccuracy(place),
      ]);
      const names = await repo.taskAndCourseNames([...new Set(rows.map((r) => r.taskId))], [...new Set(rows.map((r) => r.courseId))]);
      const report = buildInstitutionReport({ instituteName: institute.name, rows, participants, students, subjects, taskNames: names.tasks, courseNames: names.courses });

      let selectedClass: InstitutionReport['selectedClass'] = null;
      if (query.classId !== undefined) {
        const className = await repo.className(query.classId, place.instituteId);
        if (className === null) throw new AppError(COMMON_ERRORS.NOT_FOUND);
        const list = await repo.classStudents(place, query.classId);
        selectedClass = {
          classId: query.classId,
          className,
          students: list.map((s) => ({
            studentId: s.studentId,
            displayName: displayName(s),
            tests: s.tests,
            meanPercentage: roundMarks(s.meanPercentage),
            lastPercentage: s.lastPercentage === null ? null : roundMarks(s.lastPercentage),
            courseId: s.courseId,
          })),
        };
      }
      let selectedTest: InstitutionReport['selectedTest'] = null;
      if (query.taskId !== undefined) {
        const test = report.tests.find((t) => t.taskId === query.taskId);
        if (!test) throw new AppError(COMMON_ERRORS.NOT_FOUND);
        selectedTest = { taskId: test.taskId, taskName: test.taskName, subjects: subjectRows(await repo.subjectAccuracy(place, test.taskId)) };
      }
      return { ...report, selectedClass, selectedTest };
    },

    /** One student's subject dashboard in one course, read only (/reports/subject-dashboard/{CourseID}/{UserID}). */
    async studentCourseDashboard(actor: Actor, query: z.output<typeof StudentCourseDashboardQuerySchema>): Promise<StudentCourseDashboard> {
      const student = await viewableStudent(actor, query.studentId);
      const mine = (await summaries.listForUser(student.userId)).filter((s) => s.courseId === query.courseId);
      const [{ dashboard }, name, names] = await Promise.all([dashboardOf(student.userId, mine), repo.userName(student.userId), repo.taskAndCourseNames([], [query.courseId])]);
      const courseName = names.courses.get(query.courseId);
      if (courseName === undefined) throw notFound();
      return { ...dashboard, displayName: name ? displayName(name) : '', courseId: query.courseId, courseName };
    },

    /** The Summary Report of a period (India calendar days, both ends included). */
    async summary(actor: Actor, query: z.output<typeof SummaryReportQuerySchema>): Promise<SummaryReport> {
      const student = await viewableStudent(actor, query.studentId);
      const id = student.userId;
      const [{ dashboard }, name, study, lessons, review] = await Promise.all([
        testsBetween(id, query.from, query.to),
        repo.userName(id),
        repo.studyDays(id, query.from, query.to),
        repo.lessonsCompleted(id, startOfDateIn(query.from, TZ), startOfDateIn(addDays(query.to, 1), TZ)),
        deps.reviewEffortOf(id),
      ]);
      const percentages = dashboard.attempts.map((a) => a.percentage);
      const { trend, change } = trendOf(percentages);
      return {
        studentId: id,
        displayName: name ? displayName(name) : '',
        from: query.from,
        to: query.to,
        tests: dashboard.attempts.map((a) => ({
          attemptId: a.attemptId,
          courseId: a.courseId,
          taskId: a.taskId,
          taskName: a.taskName,
          submittedAt: a.submittedAt,
          scored: a.scored,
          total: a.total,
          percentage: a.percentage,
          accuracy: a.accuracy,
          rank: a.rank,
          percentile: a.percentile,
          candidates: a.candidates,
        })),
        averagePercentage: percentages.length ? roundMarks(percentages.reduce((a, b) => a + b, 0) / percentages.length) : null,
        trend,
        trendChange: change,
        studySeconds: study.reduce((sum, d) => sum + d.seconds, 0),
        activeDays: study.filter((d) => d.seconds > 0).length,
        reviewStreakDays: review.streakDays,
        reviewSecondsThisWeek: review.secondsThisWeek,
        lessonsCompleted: lessons.map((l) => ({ taskId: l.taskId, name: l.name, courseName: l.courseName, completedAt: l.completedAt!.toISOString() })),
        topicsToImprove: dashboard.weakestTopics,
      };
    },

    /** Effort against result, by week (/eis-dashboard). */
    async effort(actor: Actor, query: z.output<typeof EffortQuerySchema>): Promise<EffortReport> {
      const student = await viewableStudent(actor, query.studentId);
      const id = student.userId;
      const weeks = weekStarts(dateIn(clock.now(), TZ), query.weeks, firstDay);
      const from = weeks[0]!;
      const to = addDays(weeks[weeks.length - 1]!, 6);
      const [mine, study, lessons, courseTime] = await Promise.all([
        summaries.listForUser(id),
        repo.studyDays(id, from, to),
        repo.lessonsCompleted(id, startOfDateIn(from, TZ), startOfDateIn(addDays(to, 1), TZ)),
        repo.courseTime(id),
      ]);
      const tasks = await deps.academy.taskNames([...new Set(mine.map((s) => s.taskId))]);
      const visible = mine.filter((s) => tasks.get(s.taskId)?.scoreVisible === true);
      const lessonDays = lessons.map((l) => dateIn(l.completedAt!, TZ));
      const courses = new Map<number, EffortReport['courses'][number]>();
      for (const c of courseTime) courses.set(c.courseId, { courseId: c.courseId, courseName: c.courseName, studySeconds: c.seconds, lessonsCompleted: 0 });
      for (const l of lessons) {
        const c = courses.get(l.courseId) ?? { courseId: l.courseId, courseName: l.courseName, studySeconds: 0, lessonsCompleted: 0 };
        c.lessonsCompleted += 1;
        courses.set(l.courseId, c);
      }
      return buildEffort({
        studentId: id,
        weeks,
        study,
        lessonDays,
        tests: visible.map((s) => ({ day: dateIn(s.submittedAt, TZ), scored: s.scored, total: s.total, subjects: subjectFigures(s.questions) })),
        courses: [...courses.values()].sort((a, b) => a.courseName.localeCompare(b.courseName)),
        firstDay,
      });
    },

    async digestSettings(actor: Actor): Promise<DigestSettings> {
      return { weeklyDigest: (await settingsOf(actor.userId)).weeklyDigest };
    },

    async saveDigestSettings(actor: Actor, body: DigestSettings): Promise<DigestSettings> {
      await settingsOf(actor.userId);
      await repo.setWeeklyDigest(actor.userId, body.weeklyDigest, clock.now());
      return { weeklyDigest: body.weeklyDigest };
    },

    async unsubscribe(token: string): Promise<DigestSettings> {
      if (!(await repo.unsubscribeByToken(token, clock.now()))) throw new AppError(FAMILY_REPORTS_ERRORS.REPORTS_DIGEST_LINK_NOT_FOUND);
      return { weeklyDigest: false };
    },

    /**
     * Sends last week's digest (the week as WEEK_STARTS_ON starts it, India calendar) to every parent who has not turned
     * it off and has not had it yet. Each parent's week is claimed in the database before the mail
     * goes, so runs after a restart or on another process skip it; a failed mail gives it back.
     * Returns how many were sent.
     */
    async sendWeeklyDigests(): Promise<number> {
      const weekStart = addDays(weekStartOf(dateIn(clock.now(), TZ), firstDay), -7);
      const weekEnd = addDays(weekStart, 6);
      let sent = 0;
      for (const parent of await repo.digestRecipients(weekStart)) {
        if (parent.weeklyDigest === false || !parent.email) continue;
        const children = await repo.childrenOf(parent.id);
        if (!children.length) continue;
        if (!(await repo.claimDigest(parent.id, weekStart, clock.now()))) continue;
        try {
          const settings = await settingsOf(parent.id);
          const language: Language = parent.language === 'tn' ? 'tn' : 'en';
          const mail = composeDigest({
            language,
            parentName: displayName(parent),
            weekStart,
            weekEnd,
            children: await Promise.all(children.map((c) => childWeek(c, weekStart, weekEnd))),
            siteUrl: `${deps.publicUrl}/parent/home`,
            unsubscribeUrl: `${deps.publicUrl}/digest-unsubscribe?token=${encodeURIComponent(settings.unsubscribeToken)}`,
          });
          await deps.mailer.send({ to: parent.email, ...mail });
          sent += 1;
        } catch (error) {
          await repo.releaseDigest(parent.id, weekStart);
          deps.log?.(`weekly digest failed for parent ${parent.id}`, error);
        }
      }
      return sent;
    },

    /** BI Reports: the signed Metabase address for the actor's institute, or "not configured". */
    async metabase(actor: Actor): Promise<MetabaseEmbed> {
      if (actor.instituteId === null) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      return metabaseEmbed(deps.metabase, actor.instituteId, clock.now());
    },
  };
}

export type FamilyReportsService = ReturnType<typeof createFamilyReportsService>;
