import {
  DEFAULT_TIME_ZONE,
  STAFF_REPORTS_ERRORS,
  type ExamEquating,
  type ExamStatistics,
  type ExamEquatingExportQuerySchema,
  type ExamStatisticsExportQuerySchema,
  type MatrixExportQuerySchema,
  type MatrixOptions,
  type MatrixQuerySchema,
  type ReportMatrix,
  type StaffDashboard,
  type StaffTestWindow,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../lib/actor.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { testOpenTo } from '../../../lib/content-reach.js';
import { canStaffActOnStudent, studentReachOf, type StudentReach, type StudentScope } from '../../../lib/policy.js';
import { addDays, dateIn, startOfDateIn } from '../../../lib/zoned-dates.js';
import type { ExamContent } from '../../academy/student/academy.student.exam-content.js';
import type { ExamService } from '../../exam/exam.service.js';
import type { SchedulesService } from '../../schedules/schedules.service.js';
import { roundMarks } from '../../grading/grading.scoring.js';
import { equatingFile, matrixFile, statisticsFile, type ReportFile } from './reports.staff.exports.js';
import { createStatisticsCache } from './reports.staff.statistics-cache.js';
import { buildExamStatistics, buildMatrix, fallingScores, parseNumberList, sortMatrix } from './reports.staff.js';
import type { StaffReportsRepository } from './reports.staff.repository.js';
import type { EquatingRepository } from './reports.staff.equating.repository.js';
import { buildEquating, type EquatingAttempt } from './reports.staff.equating.js';

export interface StaffReportsServiceDeps {
  repo: StaffReportsRepository;
  /** The equated-score report's reads (decision 066). */
  equating: EquatingRepository;
  clock: Clock;
  academy: Pick<ExamContent, 'loadTestBundle'>;
  exam: Pick<ExamService, 'listSupervisedTests'>;
  schedules: Pick<SchedulesService, 'windowsForStaff'>;
  userNames: (userIds: number[]) => Promise<Map<number, { displayName: string; username: string }>>;
  scopesOf: (userIds: number[]) => Promise<Map<number, StudentScope>>;
}

const DAY_MS = 86_400_000;
/** How far back the dashboard looks for falling scores and for missed tests. */
const TREND_DAYS = 90;
const MISSED_DAYS = 30;
const UPCOMING_DAYS = 7;
const RECENT_TESTS = 5;
const AT_RISK_SHOWN = 20;
const ROSTER_LIMIT = 5000;

const displayNameOf = (row: { firstName: string | null; lastName: string | null; username: string }) => [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
const classNotFound = () => new AppError(STAFF_REPORTS_ERRORS.REPORTS_CLASS_NOT_FOUND);
const testNotFound = () => new AppError(STAFF_REPORTS_ERRORS.REPORTS_TEST_NOT_FOUND);

const reportsOn = (actor: Actor, task: { courseId: number; ownerClientId: string; ownerInstituteId: number | null; courseClientId: string; courseInstituteId: number | null }) =>
  testOpenTo(actor, task, { id: task.courseId, clientId: task.courseClientId, instituteId: task.courseInstituteId }, null);

/** Whether a schedule's target (institute, class, section) takes in a student. */
const appliesTo = (row: { instituteId: number; classId: number | null; sectionId: number | null }, student: { instituteId: number | null; classId: number | null; sectionId: number | null }) =>
  row.instituteId === student.instituteId && (row.classId === null || row.classId === student.classId) && (row.sectionId === null || row.sectionId === student.sectionId);

/**
 * Staff reports: the dashboard, the Reports matrix and a test's statistics. Everything is read
 * from attempt summaries of the students the caller reaches with the permission (narrowed in SQL,
 * then checked by the record policy where rows name students).
 */
export function createStaffReportsService(deps: StaffReportsServiceDeps) {
  const { repo, clock } = deps;
  const statistics = createStatisticsCache();

  /** Classes (and sections) the caller reaches: a teacher's assigned ones, else the institute's (a client admin's: the client's). */
  async function classesInReach(reach: StudentReach) {
    if (reach.kind === 'none') return [];
    const all = await repo.classesOf(reach.kind === 'client' ? { clientId: reach.clientId } : { clientId: reach.clientId, instituteId: reach.instituteId });
    if (reach.kind === 'client' || reach.classes.length === 0) return all;
    return all.flatMap((c) => {
      const assigned = reach.classes.filter((a) => a.classId === c.id);
      if (!assigned.length) return [];
      const whole = assigned.some((a) => a.sectionId === null);
      return [{ ...c, sections: whole ? c.sections : c.sections.filter((s) => assigned.some((a) => a.sectionId === s.id)), whole }];
    });
  }

  async function buildClassMatrix(actor: Actor, query: z.output<typeof MatrixQuerySchema>): Promise<ReportMatrix> {
    const reach = studentReachOf(actor, 'reports.view');
    const cls = (await classesInReach(reach)).find((c) => c.id === query.classId);
    if (!cls) throw classNotFound();
    const section = query.sectionId === undefined ? null : cls.sections.find((s) => s.id === query.sectionId);
    if (section === undefined) throw classNotFound();
    const rows = await repo.studentsInReach(reach, { classId: cls.id, sectionId: query.sectionId }, ROSTER_LIMIT);
    const scopes = await deps.scopesOf(rows.map((r) => r.id));
    const students = rows.filter((r) => {
      const scope = scopes.get(r.id);
      return scope !== undefined && canStaffActOnStudent(actor, scope, 'reports.view', 'read');
    });
    const attempts = await repo.firstAttemptsOf(
      students.map((s) => s.id),
      query.courseId,
    );
    const tests = await repo.testNames(attempts.map((a) => a.taskId));
    return buildMatrix({
      className: cls.name,
      sectionName: section?.name ?? null,
      students: students.map((s) => ({ id: s.id, displayName: displayNameOf(s), username: s.username, sectionName: s.sectionName })),
      attempts,
      tests,
    });
  }

  /** The test and its first attempts whose students the caller reaches; 404 when none (or not the caller's test). */
  async function reachedFirstAttempts(actor: Actor, taskId: number) {
    const bundle = await deps.academy.loadTestBundle(taskId);
    // Another institute's test is not reported to this institute (decision 038), whoever sat it.
    if (!bundle || bundle.task.kind !== 'test' || !reportsOn(actor, bundle.task)) throw testNotFound();
    // Every first attempt of the test, kept when the caller reaches its student (the record policy).
    const owners = await repo.firstAttemptOwners(taskId);
    const ownerIds = [...new Set(owners.map((r) => r.userId))];
    const [scopes, names] = await Promise.all([deps.scopesOf(ownerIds), deps.userNames(ownerIds)]);
    const reached = owners.filter((r) => {
      const scope = scopes.get(r.userId);
      return scope !== undefined && canStaffActOnStudent(actor, scope, 'reports.exam', 'read');
    });
    // A test none of the caller's students has taken is not theirs to see.
    if (!reached.length) throw testNotFound();
    return { bundle, reached, names, scopes };
  }

  /**
   * Raw score, NTA's per-shift percentile, ability and equated score of each first attempt
   * (decision 066). One calibration scope is used, never a mix (each has its own scale): of the
   * caller's institute, the test's, the students' institutes and the client bank, the one that
   * calibrates most of the versions served.
   */
  async function buildEquatingReport(actor: Actor, taskId: number): Promise<ExamEquating> {
    const { bundle, reached, names, scopes } = await reachedFirstAttempts(actor, taskId);
    const attemptIds = reached.map((r) => r.attemptId);
    const [summaries, served] = await Promise.all([deps.equating.attempts(attemptIds), deps.equating.servedItems(attemptIds)]);
    const servedByAttempt = new Map<string, Map<number, { questionVersionId: number; marks: number }>>();
    for (const item of served) {
      const map = servedByAttempt.get(item.attemptId) ?? new Map<number, { questionVersionId: number; marks: number }>();
      map.set(item.mapId, item);
      servedByAttempt.set(item.attemptId, map);
    }
    const attempts: EquatingAttempt[] = summaries.map((s) => {
      const items = servedByAttempt.get(s.attemptId);
      return {
        attemptId: s.attemptId,
        userId: s.userId,
        displayName: names.get(s.userId)?.displayName ?? '',
        shiftId: s.shiftId,
        startedAt: s.startedAt,
        scored: s.scored,
        total: s.total,
        items: s.itemMapIds.flatMap((mapId, i) => {
          const item = items?.get(mapId);
          return item ? [{ ...item, status: s.itemStatuses[i] ?? 'u' }] : [];
        }),
      };
    });
    const versionIds = served.map((item) => item.questionVersionId);
    const candidates = [
      ...new Set<number | null>([
        actor.instituteId,
        bundle.task.ownerInstituteId,
        ...reached.map((r) => scopes.get(r.userId)?.instituteId ?? null),
      ]),
    ].filter((id): id is number => id !== null);
    const calibrated = await deps.equating.calibrations(actor.clientId, [...candidates, null], versionIds);
    const byScope = new Map<number | null, typeof calibrated>();
    for (const row of calibrated) byScope.set(row.instituteId, [...(byScope.get(row.instituteId) ?? []), row]);
    // The scope covering most served versions; ties go to the earlier candidate (the caller's own first).
    const order = [...candidates, null];
    const chosen = [...byScope.keys()].sort((a, b) => byScope.get(b)!.length - byScope.get(a)!.length || order.indexOf(a) - order.indexOf(b))[0];
    const rows = chosen === undefined ? [] : byScope.get(chosen)!;
    const shiftIds = [...new Set(attempts.flatMap((a) => (a.shiftId === null ? [] : [a.shiftId])))];
    const built = buildEquating({
      attempts,
      parameters: new Map(rows.map((r) => [r.questionVersionId, r])),
      shifts: await deps.equating.shifts(shiftIds),
    });
    return {
      taskId,
      taskName: bundle.task.name,
      calibration:
        chosen === undefined
          ? null
          : {
              instituteName: chosen === null ? null : await deps.equating.instituteName(chosen),
              model: rows[0]!.model === 'rasch' || rows[0]!.model === '3pl' ? rows[0]!.model : '2pl',
              calibratedAt: new Date(Math.max(...rows.map((r) => r.calibratedAt.getTime()))).toISOString(),
            },
      ...built,
    };
  }

  async function buildStatistics(actor: Actor, taskId: number): Promise<ExamStatistics> {
    const { bundle, reached, names } = await reachedFirstAttempts(actor, taskId);
    // The same test, attempts (at the same versions) and names give the same figures: computed once.
    const key = statistics.keyOf(bundle, reached, names);
    const kept = statistics.get(key);
    if (kept) return kept;
    const testMapIds = bundle.maps.map((m) => m.mapId);
    const visible = await repo.attemptItems(
      reached.map((r) => r.attemptId),
      testMapIds,
    );
    const idLists = new Map<string, number[]>();
    const sharedIds = (text: string) => {
      let ids = idLists.get(text);
      if (!ids) idLists.set(text, (ids = parseNumberList(text)));
      return ids;
    };
    const built = buildExamStatistics({
      bundle,
      names,
      // Attempts served the same questions share one list of ids.
      attempts: visible.map((r) => ({
        userId: r.userId,
        correct: r.correct,
        wrong: r.wrong,
        skipped: r.skipped,
        submittedAt: r.submittedAt,
        mapIds: r.itemMapIds === null ? testMapIds : sharedIds(r.itemMapIds),
        marks: parseNumberList(r.itemMarks),
        statuses: r.itemStatuses,
        choices: parseNumberList(r.itemChoices),
      })),
    });
    statistics.set(key, built);
    return built;
  }

  return {
    /** The staff landing page, in one call. */
    async staffDashboard(actor: Actor): Promise<StaffDashboard> {
      const reach = studentReachOf(actor, 'dashboard.view');
      const now = clock.now();
      const today = dateIn(now, DEFAULT_TIME_ZONE);
      const tomorrow = startOfDateIn(addDays(today, 1), DEFAULT_TIME_ZONE);
      const weekEnd = startOfDateIn(addDays(today, UPCOMING_DAYS + 1), DEFAULT_TIME_ZONE);
      const [windows, supervised, pendingMarking, recent, scores, roster] = await Promise.all([
        deps.schedules.windowsForStaff(actor, { from: new Date(now.getTime() - MISSED_DAYS * DAY_MS), to: weekEnd }),
        deps.exam.listSupervisedTests(actor),
        repo.pendingMarking(reach),
        repo.recentTasks(reach, RECENT_TESTS),
        repo.scoresSince(reach, new Date(now.getTime() - TREND_DAYS * DAY_MS)),
        repo.studentsInReach(reach, {}, ROSTER_LIMIT),
      ]);
      const view = (w: (typeof windows)[number]): StaffTestWindow => ({
        scheduleId: w.row.id,
        taskId: w.row.taskId,
        taskName: w.taskName,
        courseName: w.courseName,
        instituteName: w.instituteName,
        className: w.row.classId === null ? null : w.className,
        sectionName: w.row.sectionId === null ? null : w.sectionName,
        opensAt: w.row.opensAt.toISOString(),
        closesAt: w.row.closesAt.toISOString(),
      });
      const current = windows.filter((w) => w.row.closesAt > now);
      const todayStart = startOfDateIn(today, DEFAULT_TIME_ZONE);
      const todayTests = current.filter((w) => w.row.opensAt < tomorrow && w.row.closesAt > todayStart).map(view);
      const upcomingTests = current.filter((w) => w.row.opensAt >= tomorrow).map(view);

      // Students at risk: falling first-attempt scores, or a scheduled test closed without an attempt.
      const students = new Map(roster.map((r) => [r.id, r]));
      const byStudent = new Map<number, number[]>();
      for (const s of scores) {
        if (!students.has(s.userId)) continue;
        const list = byStudent.get(s.userId) ?? [];
        list.push(s.total > 0 ? roundMarks((s.scored / s.total) * 100) : 0);
        byStudent.set(s.userId, list);
      }
      const closed = windows.filter((w) => w.row.closesAt <= now);
      const taken = await repo.takenPairs([...students.keys()], [...new Set(closed.map((w) => w.row.taskId))]);
      const missed = new Map<number, StaffDashboard['atRisk'][number]['missedTests']>();
      for (const w of closed) {
        for (const student of roster) {
          if (!appliesTo(w.row, student) || taken.has(`${student.id}:${w.row.taskId}`)) continue;
          const list = missed.get(student.id) ?? [];
          if (!list.some((m) => m.taskId === w.row.taskId)) list.push({ taskId: w.row.taskId, taskName: w.taskName, closedAt: w.row.closesAt.toISOString() });
          missed.set(student.id, list);
        }
      }
      const atRisk = roster
        .map((r) => ({ userId: r.id, displayName: displayNameOf(r), fallingScores: fallingScores(byStudent.get(r.id) ?? []), missedTests: missed.get(r.id) ?? [] }))
        .filter((r) => r.fallingScores.length > 0 || r.missedTests.length > 0)
        .sort((a, b) => b.missedTests.length + (b.fallingScores.length ? 1 : 0) - (a.missedTests.length + (a.fallingScores.length ? 1 : 0)) || a.displayName.localeCompare(b.displayName))
        .slice(0, AT_RISK_SHOWN);

      const names = await repo.testNames(recent.map((r) => r.taskId));
      return {
        serverNow: now.toISOString(),
        todayTests,
        upcomingTests,
        inProgress: supervised.filter((t) => t.runningAttempts > 0).map((t) => ({ taskId: t.taskId, taskName: t.TaskName, runningAttempts: t.runningAttempts })),
        pendingMarking,
        recentResults: recent.map((r) => ({
          taskId: r.taskId,
          taskName: names.get(r.taskId)?.name ?? '',
          attempts: r.attempts,
          mean: roundMarks(r.mean),
          top: roundMarks(r.top),
          total: roundMarks(r.total),
          lastSubmittedAt: r.lastSubmittedAt.toISOString(),
        })),
        atRisk,
      };
    },

    async matrixOptions(actor: Actor): Promise<MatrixOptions> {
      const reach = studentReachOf(actor, 'reports.view');
      const [classes, courses] = await Promise.all([classesInReach(reach), reach.kind === 'none' ? Promise.resolve([]) : repo.coursesTaken(reach)]);
      return { classes: classes.map((c) => ({ id: c.id, name: c.name, instituteName: c.instituteName, sections: c.sections })), courses };
    },

    matrix: (actor: Actor, query: z.output<typeof MatrixQuerySchema>) => buildClassMatrix(actor, query),

    async matrixExport(actor: Actor, query: z.output<typeof MatrixExportQuerySchema>): Promise<ReportFile> {
      const matrix = await buildClassMatrix(actor, query);
      return matrixFile(matrix, sortMatrix(matrix, query.sort, query.direction), query.format);
    },

    examStatistics: (actor: Actor, query: { taskId: number }) => buildStatistics(actor, query.taskId),

    examEquating: (actor: Actor, query: { taskId: number }) => buildEquatingReport(actor, query.taskId),

    /** The equated table as a file: reached like the report (another institute's test answers 404). */
    async examEquatingExport(actor: Actor, query: z.output<typeof ExamEquatingExportQuerySchema>): Promise<ReportFile> {
      return equatingFile(await buildEquatingReport(actor, query.taskId), query.format, DEFAULT_TIME_ZONE);
    },

    async examStatisticsExport(actor: Actor, query: z.output<typeof ExamStatisticsExportQuerySchema>): Promise<ReportFile> {
      return statisticsFile(await buildStatistics(actor, query.taskId), query.format);
    },
  };
}

export type StaffReportsService = ReturnType<typeof createStaffReportsService>;
