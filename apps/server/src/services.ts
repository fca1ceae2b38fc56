import os from 'node:os';
import path from 'node:path';
import type { ActiveTestDetails } from '@app/contracts';
import type { AppDeps } from './deps.js';
import type { ExamService } from './modules/exam/exam.service.js';
import { createSmsSender } from './lib/sms.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { startPeriodic } from './lib/periodic.js';
import { createPasswordHasher } from './lib/passwords.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionCache } from './modules/auth/session-cache.js';
import { shareSessionRevocations } from './modules/auth/session-revocation.js';
import { createOtpService } from './modules/auth/otp.service.js';
import { createLookupsRepository } from './modules/lookups/lookups.repository.js';
import { createLookupsService } from './modules/lookups/lookups.service.js';
import { createNavigationRepository } from './modules/navigation/navigation.repository.js';
import { createNavigationService } from './modules/navigation/navigation.service.js';
import { createProfileRepository } from './modules/profile/profile.repository.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createBookmarksRepository } from './modules/bookmarks/bookmarks.repository.js';
import { createBookmarksService } from './modules/bookmarks/bookmarks.service.js';
import { createCalendarRepository } from './modules/calendar/calendar.repository.js';
import { createCalendarService } from './modules/calendar/calendar.service.js';
import { createNotesRepository } from './modules/notes/notes.repository.js';
import { createNotesService } from './modules/notes/notes.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createTodoRepository } from './modules/todo/todo.repository.js';
import { createTodoService } from './modules/todo/todo.service.js';
import { createAcademyRepository } from './modules/academy/academy.repository.js';
import { createAcademyService } from './modules/academy/academy.service.js';
import { createAcademyManageService } from './modules/academy/academy.manage.js';
import { createAcademyManageRepository } from './modules/academy/academy.manage.repository.js';
import { createTestConfigRepository } from './modules/academy/academy.test-config.repository.js';
import { createTestConfigService } from './modules/academy/academy.test-config.js';
import { createCoursePackageService } from './modules/academy/academy.package.js';
import { createQuestionBankRepository } from './modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from './modules/question-bank/question-bank.service.js';
import { createQuestionTransferService } from './modules/question-bank/question-bank.transfer.js';
import { createExamRepository } from './modules/exam/exam.repository.js';
import { recordAudit } from './lib/audit.js';
import { createExamService } from './modules/exam/exam.service.js';
import { createGradingService } from './modules/grading/grading.service.js';
import { createProctoringRepository } from './modules/proctoring/proctoring.repository.js';
import { createProctoringService } from './modules/proctoring/proctoring.service.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createNotebookRepository } from './modules/notebook/notebook.repository.js';
import { createNotebookService } from './modules/notebook/notebook.service.js';
import { createStaffReportsRepository } from './modules/reports/reports.staff.repository.js';
import { createStaffReportsService } from './modules/reports/reports.staff.service.js';
import { createFamilyReportsRepository } from './modules/reports/reports.family.repository.js';
import { createFamilyReportsService } from './modules/reports/reports.family.service.js';
import { createRunnerRepository } from './modules/runner/runner.repository.js';
import { createRunnerService } from './modules/runner/runner.service.js';
import { createRunnerExecutor } from './modules/runner/runner.executor-factory.js';
import { createFilesService } from './modules/files/files.service.js';
import { createJobsRepository } from './modules/jobs/jobs.repository.js';
import { createJobsService } from './modules/jobs/jobs.service.js';
import { newWorkerId } from './modules/jobs/jobs.queue.js';
import { createRolesRepository } from './modules/roles/roles.repository.js';
import { createInstallationRepository } from './modules/installation/installation.repository.js';
import { createInstallationService } from './modules/installation/installation.service.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed-accounts.js';
import { createRolesService } from './modules/roles/roles.service.js';
import { createSchedulesRepository } from './modules/schedules/schedules.repository.js';
import { createSchedulesService } from './modules/schedules/schedules.service.js';
import { createStudentsRepository } from './modules/students/students.repository.js';
import { createStudentsService } from './modules/students/students.service.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createSupportRepository } from './modules/support/support.repository.js';
import { createSupportService } from './modules/support/support.service.js';
import { createOmrRepository } from './modules/omr/omr.repository.js';
import { createOmrService } from './modules/omr/omr.service.js';
import { createAdaptiveRepository } from './modules/adaptive/adaptive.repository.js';
import { createAdaptiveService } from './modules/adaptive/adaptive.service.js';
import { createPsychometricsRepository } from './modules/psychometrics/psychometrics.repository.js';
import { CALIBRATION_NIGHTLY_INTERVAL_MS, createPsychometricsService } from './modules/psychometrics/psychometrics.service.js';
import { createOfficeRepository } from './modules/office/office.repository.js';
import { createOfficeService } from './modules/office/office.service.js';
import { createOfficeEvaluator } from './modules/office/office.factory.js';
import { createCentreServices } from './modules/centre/centre.service.js';

/** How often open attempts past their deadline are submitted. */
const EXAM_SWEEP_INTERVAL_MS = 5_000;
const AUTH_PURGE_INTERVAL_MS = 60 * 60_000;
/** How often the weekly digest looks for parents whose last week's mail has not gone yet. */
const DIGEST_INTERVAL_MS = 60 * 60_000;

/**
 * The composition root: every module's service, built once per app from the app's deps.
 * A module may call another module's service through this object, never its repository.
 */
export function createServices(deps: AppDeps) {
  // Hook for the exam engine: replace activeTests.activeTestFor once the exam service exists.
  // Sign-in and the notification bell ask it; until then nobody has an active test.
  const activeTests = {
    activeTestFor: async (_userId: number): Promise<ActiveTestDetails | null> => null,
  };
  const lookups = createLookupsService({ repo: createLookupsRepository(deps.db) });
  const authRepo = createAuthRepository(deps.db);
  // Every password hash and code check of the process, at most PASSWORD_HASH_CONCURRENCY at once.
  const passwords = createPasswordHasher({ memoryKiB: deps.config.PASSWORD_HASH_MEMORY_KIB, concurrency: deps.config.PASSWORD_HASH_CONCURRENCY });
  const smsSender = createSmsSender({ url: deps.config.SMS_URL, outboxDir: path.join(deps.config.dataDir, 'outbox', 'sms') });
  const auth = createAuthService({
    repo: authRepo,
    otp: createOtpService({ repo: authRepo, clock: deps.clock, passwords }),
    tokens: deps.tokens,
    clock: deps.clock,
    mailer: deps.mailer,
    sms: smsSender,
    activeTestFor: (userId) => activeTests.activeTestFor(userId),
    courseExists: (courseId) => lookups.courseExists(courseId),
    sessionCache: shareSessionRevocations(createSessionCache(deps.config.SESSION_CACHE_MS), deps.redis, (text) => console.warn(text)),
    passwords,
    log: (text, error) => console.error(text, error ?? ''),
  });
  const roles = createRolesService({
    repo: createRolesRepository(deps.db),
    onScopeChanged: (userId) => auth.forgetCachedSessions(userId),
    scopeOf: (userId) => auth.scopeOf(userId),
  });
  // Demo accounts still signing in with the published password, and the first administrator (decision 041).
  const installation = createInstallationService({
    repo: createInstallationRepository(deps.db),
    clock: deps.clock,
    passwords,
    ensureClient: (client) => roles.ensureClient(client),
    demo: { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD },
  });
  // Course mappings, test windows and topic openings: asked by the academy, the exam, the calendar and the bell.
  const schedules = createSchedulesService({ repo: createSchedulesRepository(deps.db), clock: deps.clock });
  const navigation = createNavigationService({
    repo: createNavigationRepository(deps.db),
    clock: deps.clock,
    activeTestFor: (userId) => activeTests.activeTestFor(userId),
    isOwnSession: (actor, sessionId) => auth.isOwnSession(actor, sessionId),
    upcomingTests: (actor) => schedules.upcomingTests(actor),
  });
  const profile = createProfileService({
    repo: createProfileRepository(deps.db),
    clock: deps.clock,
    lookups,
    auth,
    permissionsFor: (actor) => navigation.permissionsFor(actor),
  });
  // The student's workspace. The calendar shows other domains' entries through providers:
  // the exam engine adds its scheduled tests with calendar.addProvider(...) (or to this list).
  const notes = createNotesService({ repo: createNotesRepository(deps.db), clock: deps.clock });
  const bookmarks = createBookmarksService({ repo: createBookmarksRepository(deps.db), clock: deps.clock });
  const todo = createTodoService({ repo: createTodoRepository(deps.db), clock: deps.clock });
  const calendar = createCalendarService({
    repo: createCalendarRepository(deps.db),
    clock: deps.clock,
    providers: [todo.calendarEntries, notes.calendarEntries, schedules.calendarEntries],
  });
  const search = createSearchService({ sources: [notes.search, bookmarks.search, todo.search] });
  // Background work (sweepers, run queues) registers a stop function here; the server calls
  // them on shutdown and tests on close.
  const stoppers: Array<() => Promise<void> | void> = [];
  // The bank owns questions and their versions: the academy's view of a test reads their content
  // through it, and its regrade asks grading (composed later, so bound late) to re-score.
  const questionBankRepository = createQuestionBankRepository(deps.db);
  const questionBank = createQuestionBankService({
    repo: questionBankRepository,
    clock: deps.clock,
    grading: () => grading,
  });
  // The academy's task list shows each task's latest attempt, which the exam (composed after the
  // academy, since it reads tests through it) replaces below.
  const attempts: Pick<ExamService, 'latestAttempts'> = { latestAttempts: async () => new Map() };
  const academy = createAcademyService({
    repo: createAcademyRepository(deps.db),
    clock: deps.clock,
    latestAttempts: (userId, taskIds) => attempts.latestAttempts(userId, taskIds),
    questions: questionBank,
    schedules,
  });
  // A practice reveal, the practice report and an office solution keep back the key of a question an
  // open graded test holds, by id or as a copy of its statement under another id (decision 037).
  const examContent: typeof academy = {
    ...academy,
    questionsInOpenGradedTests: (questionIds) => questionBank.heldByIdOrCopy(questionIds, (ids) => academy.questionsInOpenGradedTests(ids)),
  };
  const academyManageRepository = createAcademyManageRepository(deps.db);
  const academyManage = createAcademyManageService({ repo: academyManageRepository, files: deps.fileStore });
  // Staff calls check the student's scope (lib/policy.ts); the auth service knows where accounts belong.
  const scopesOf = (userIds: number[]) => auth.scopesOf(userIds);
  const exam = createExamService({
    repo: createExamRepository(deps.db, { driver: deps.database.driver }),
    clock: deps.clock,
    academy: examContent,
    assertCanStart: (actor, task) => schedules.assertCanStart(actor, task),
    reachesTest: (actor, task) => schedules.reachesTest(actor, task),
    people: () => ({ scopesOf, displayNames: (ids) => auth.displayNames(ids), studentsInReach: (reach, limit) => auth.studentsInReach(reach, limit) }),
    // Reports are composed below; scoring happens only once requests flow.
    onScored: (scored) => reports.summaryStatement(scored),
    onQuestionRescored: {
      holding: (mapId, attemptIds) => reports.summariesHolding(mapId, attemptIds),
      statement: (rescored) => reports.questionRescoredStatement(rescored),
    },
    startConcurrency: deps.config.START_CONCURRENCY,
    submitConcurrency: deps.config.SUBMIT_CONCURRENCY,
    submitAcceptAfter: deps.config.SUBMIT_ACCEPT_AFTER,
  });
  const grading = createGradingService({
    exam,
    academy,
    displayNames: (ids) => auth.displayNames(ids),
    userNames: (ids) => auth.userNames(ids),
    classNames: (ids) => lookups.classNames(ids),
    scopesOf,
    audit: (actor, entry) => recordAudit(deps.db, actor, entry),
  });
  // Test configuration reads the bank and locks a test once the exam holds attempts of it.
  const testConfig = createTestConfigService({
    repo: createTestConfigRepository(deps.db),
    clock: deps.clock,
    questions: questionBank,
    attempts: () => exam,
    audience: (actor, taskId) => schedules.testAudience(actor, taskId),
  });
  const proctoring = createProctoringService({
    repo: createProctoringRepository(deps.db),
    clock: deps.clock,
    files: deps.fileStore,
    exam,
    academy,
    displayNames: (ids) => auth.displayNames(ids),
    scopesOf,
  });
  const reports = createReportsService({
    exam,
    academy: examContent,
    scopesOf,
    repo: createReportsRepository(deps.db),
    clock: deps.clock,
    childrenOf: (actor) => auth.childrenOf(actor),
    openTestsAt: (place) => schedules.openTestsAt(place),
    windowsAtPlace: (place, taskIds) => schedules.windowsAtPlace(place, taskIds),
    overdueTodosOf: (userId) => todo.overdueOf(userId),
  });
  // The mistake notebook: cards from submitted attempts, their questions through the feedback report's release rule.
  const notebook = createNotebookService({
    repo: createNotebookRepository(deps.db),
    clock: deps.clock,
    exam,
    academy,
    feedbackReport: (actor, query) => reports.feedbackReport(actor, query),
  });
  // Staff reports: the dashboard, the Reports matrix and a test's statistics, from attempt summaries.
  const staffReports = createStaffReportsService({
    repo: createStaffReportsRepository(deps.db),
    clock: deps.clock,
    academy,
    exam,
    schedules,
    userNames: (ids) => auth.userNames(ids),
    scopesOf,
  });
  // The Institution account's reports, the parents' Summary Report and weekly digest, effort, BI Reports.
  const familyReports = createFamilyReportsService({
    repo: createFamilyReportsRepository(deps.db),
    summaries: createReportsRepository(deps.db),
    academy,
    scopesOf,
    clock: deps.clock,
    mailer: deps.mailer,
    openTestsAt: (place) => schedules.openTestsAt(place),
    overdueTodosOf: (userId) => todo.overdueOf(userId),
    metabase: { siteUrl: deps.config.METABASE_SITE_URL, secretKey: deps.config.METABASE_SECRET_KEY, dashboardId: deps.config.METABASE_DASHBOARD_ID },
    publicUrl: deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`,
    log: (text, error) => console.error(text, error ?? ''),
  });
  if (deps.config.NODE_ENV !== 'test') {
    const logBackfill = (text: string, error: unknown) => console.error(text, error);
    void reports.backfillSummaries(logBackfill).catch((error) => logBackfill('attempt summary backfill failed', error));
  }
  attempts.latestAttempts = exam.latestAttempts;
  activeTests.activeTestFor = exam.activeTestFor;
  // Periodic singletons: with several server processes on one PostgreSQL, each run takes an
  // advisory lock, so only one process runs each task at a time.
  const singleton = (name: string) => ({ singleton: { name, lock: deps.database.withAdvisoryLock } });
  let examTimeSettled: Promise<unknown> = Promise.resolve();
  // Tests drive the sweeper by hand with a fake clock.
  if (deps.config.NODE_ENV !== 'test') {
    const logSweepError = (error: unknown) => console.error('exam sweeper failed', error);
    // On a centre, not before the outage since its last run is credited (an attempt's time is not the outage's).
    stoppers.push(startPeriodic(() => examTimeSettled.then(() => exam.sweepExpired()), EXAM_SWEEP_INTERVAL_MS, logSweepError, singleton('exam-sweeper')));
    const logPurgeError = (error: unknown) => console.error('auth housekeeping failed', error);
    stoppers.push(startPeriodic(() => auth.purgeExpired(), AUTH_PURGE_INTERVAL_MS, logPurgeError, singleton('auth-housekeeping')));
    const logDigestError = (error: unknown) => console.error('weekly digest failed', error);
    stoppers.push(startPeriodic(() => familyReports.sendWeeklyDigests(), DIGEST_INTERVAL_MS, logDigestError, singleton('weekly-digest')));
  }
  // Code runner: the bubblewrap sandbox (or Judge0 when JUDGE0_URL is set) behind a queue in the runs table.
  const runner = createRunnerService({
    repo: createRunnerRepository(deps.db),
    clock: deps.clock,
    executor: createRunnerExecutor(deps.config),
    questions: () => exam,
    grading: () => grading,
    soleWorker: deps.database.driver === 'pglite',
    autoStart: deps.config.NODE_ENV !== 'test',
    log: (text, error) => console.error(text, error ?? ''),
  });
  stoppers.push(() => runner.stop());
  // Reset codes mailed after their answers are written before the process stops.
  stoppers.push(() => auth.mailsSent());
  const files = createFilesService({ store: deps.fileStore, links: deps.fileLinks, clock: deps.clock });
  // Tracked background jobs: modules register handlers and enqueue through jobs.queue. The worker
  // runs outside tests (tests call jobs.queue.runOnce()); several processes share the table.
  const jobs = createJobsService({
    repo: createJobsRepository(deps.db),
    clock: deps.clock,
    workerId: newWorkerId(os.hostname()),
    concurrency: deps.config.JOB_CONCURRENCY,
    soleWorker: deps.database.driver === 'pglite',
    log: (text, error) => console.error(text, error ?? ''),
  });
  // Item calibration (decision 048): on demand per institute, and nightly for institutes with new attempts.
  const psychometrics = createPsychometricsService({ repo: createPsychometricsRepository(deps.db), jobs: jobs.queue, clock: deps.clock });
  if (deps.config.NODE_ENV !== 'test') {
    const logNightlyError = (error: unknown) => console.error('nightly item calibration failed to start', error);
    stoppers.push(startPeriodic(() => psychometrics.enqueueNightly(), CALIBRATION_NIGHTLY_INTERVAL_MS, logNightlyError, singleton('item-calibration-nightly')));
  }
  // Adaptive practice on the calibrated bank (decision 060).
  const adaptive = createAdaptiveService({ repo: createAdaptiveRepository(deps.db), clock: deps.clock });
  if (deps.config.NODE_ENV !== 'test') {
    jobs.queue.start().catch((error: unknown) => console.error('job queue failed to start', error));
  }
  stoppers.push(() => jobs.queue.stop());
  // Question files in and out of the bank; imports run as question-import jobs.
  const questionTransfer = createQuestionTransferService({ repo: questionBankRepository, bank: questionBank, jobs: jobs.queue, files: deps.fileStore });
  // Student Configuration: roster, CSV imports (student-import jobs), password resets and set-password links.
  const students = createStudentsService({
    repo: createStudentsRepository(deps.db),
    clock: deps.clock,
    mailer: deps.mailer,
    sms: smsSender,
    jobs: jobs.queue,
    files: deps.fileStore,
    forgetSessions: (userId) => auth.forgetCachedSessions(userId),
    passwords,
    publicUrl: deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`,
    log: (text, error) => console.error(text, error ?? ''),
  });
  // Course packages (zip) become a course with topics and lessons in one course-upload job.
  const coursePackages = createCoursePackageService({
    repo: academyManageRepository,
    files: deps.fileStore,
    jobs: jobs.queue,
    questions: { bank: questionBank, repo: questionBankRepository },
  });
  const audit = createAuditService({ repo: createAuditRepository(deps.db) });
  const support = createSupportService({
    repo: createSupportRepository(deps.db),
    clock: deps.clock,
    mailer: deps.mailer,
    log: (text, error) => console.error(text, error ?? ''),
  });
  // Exam centres: the central side always; a centre's own side when SERVER_ROLE=centre (docs/centre.md).
  const centre = createCentreServices(deps, (stop) => stoppers.push(stop), { creditOutage: (outage) => exam.creditOutage(outage) });
  examTimeSettled = centre.outageSettled;
  // Office questions: working copies in the file store, evaluations as office-evaluation jobs in worker threads.
  const office = createOfficeService({
    repo: createOfficeRepository(deps.db),
    clock: deps.clock,
    files: deps.fileStore,
    jobs: jobs.queue,
    ...createOfficeEvaluator(deps.config),
    exam: () => exam,
    grading: () => grading,
    questionBank: () => questionBank,
    answerKeys: () => reports,
    scopesOf: (userIds) => auth.scopesOf(userIds),
    log: (text, error) => console.error(text, error ?? ''),
  });
  return {
    passwords,
    students,
    audit,
    support,
    files,
    jobs,
    coursePackages,
    academy,
    academyManage,
    testConfig,
    questionBank,
    questionTransfer,
    exam,
    grading,
    proctoring,
    reports,
    notebook,
    staffReports,
    familyReports,
    runner,
    auth,
    roles,
    installation,
    schedules,
    omr: createOmrService({
      repo: createOmrRepository(deps.db),
      jobs: jobs.queue,
      files: deps.fileStore,
      clock: deps.clock,
      attempts: () => exam,
      contentReach: (actor) => schedules.contentReach(actor),
    }),
    office,
    centre,
    psychometrics,
    adaptive,
    activeTests,
    lookups,
    navigation,
    profile,
    notes,
    bookmarks,
    todo,
    calendar,
    search,
    onStop: (stop: () => Promise<void> | void) => stoppers.push(stop),
    stopAll: async () => {
      for (const stop of stoppers.reverse()) await stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
