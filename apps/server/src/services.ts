import os from 'node:os';
import path from 'node:path';
import type { ActiveTestDetails } from '@app/contracts';
import type { AppDeps } from './deps.js';
import type { ExamService, RescoredQuestion, ScoredAttempts, Statement, Statements } from './modules/exam/exam.service.js';
import type { GradingService } from './modules/grading/grading.service.js';
import { composeModules, createUpwardCalls, declareModule } from './module-graph.js';
import { createSmsSender } from './lib/sms.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { startPeriodic } from './lib/periodic.js';
import { bareActor } from './lib/actor.js';
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
import { createAcademyRepository } from './modules/academy/student/academy.student.repository.js';
import { createAcademyService } from './modules/academy/student/academy.student.service.js';
import { createAcademyManageService } from './modules/academy/manage/academy.manage.service.js';
import { createAcademyManageRepository } from './modules/academy/manage/academy.manage.repository.js';
import { createTestConfigRepository } from './modules/academy/test-config/academy.test-config.repository.js';
import { createTestConfigService } from './modules/academy/test-config/academy.test-config.service.js';
import { createCoursePackageService } from './modules/academy/package/academy.package.service.js';
import { createCoursePackageRepository } from './modules/academy/package/academy.package.repository.js';
import { createQuestionBankRepository } from './modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from './modules/question-bank/question-bank.service.js';
import { createQuestionTransferService } from './modules/question-bank/question-bank.transfer.js';
import { createExamRepository } from './modules/exam/exam.repository.js';
import { recordAudit } from './lib/audit.js';
import { createExamService } from './modules/exam/exam.service.js';
import { createGradingService } from './modules/grading/grading.service.js';
import { createProctoringRepository } from './modules/proctoring/proctoring.repository.js';
import { createProctoringService } from './modules/proctoring/proctoring.service.js';
import { createSummariesRepository } from './modules/reports/shared/reports.repository.js';
import { createReportsRepository } from './modules/reports/student/reports.student.repository.js';
import { createReportsService } from './modules/reports/student/reports.student.service.js';
import { createChallengesRepository } from './modules/challenges/challenges.repository.js';
import { createChallengesService } from './modules/challenges/challenges.service.js';
import { createNotebookRepository } from './modules/notebook/notebook.repository.js';
import { createNotebookReviewRepository } from './modules/notebook/notebook.review.repository.js';
import { createNotebookRetestRepository } from './modules/notebook/notebook.retest.repository.js';
import { createNotebookRetestService, createRetestGrading } from './modules/notebook/notebook.retest.js';
import { createNotebookReviewService } from './modules/notebook/notebook.review.service.js';
import { createNotebookService } from './modules/notebook/notebook.service.js';
import { createStaffReportsRepository } from './modules/reports/staff/reports.staff.repository.js';
import { createStaffReportsService } from './modules/reports/staff/reports.staff.service.js';
import { createFamilyReportsRepository } from './modules/reports/family/reports.family.repository.js';
import { createFamilyReportsService } from './modules/reports/family/reports.family.service.js';
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
import { createEquatingRepository } from './modules/reports/staff/reports.staff.equating.repository.js';
import { createPsychometricsRepository } from './modules/psychometrics/psychometrics.repository.js';
import { CALIBRATION_NIGHTLY_INTERVAL_MS, createPsychometricsService } from './modules/psychometrics/psychometrics.service.js';
import { createOfficeRepository } from './modules/office/office.repository.js';
import { createOfficeService } from './modules/office/office.service.js';
import { createOfficeEvaluator } from './modules/office/office.factory.js';
import { createCentreServices } from './modules/centre/centre.service.js';

/** How often open attempts past their deadline are submitted. */
const EXAM_SWEEP_INTERVAL_MS = 5_000;
/**
 * Attempts are prepared ahead of test windows once a minute (decision 078): a window is prepared
 * PREPARE_AHEAD_MS before it opens, so a run or two come before it; a run with nothing to do reads
 * the windows due and each one's attempts.
 */
const EXAM_PREPARE_INTERVAL_MS = 60_000;
/** Students of one window's target the preparation reads at most (a window for more starts the rest as before). */
const PREPARE_STUDENTS_LIMIT = 50_000;
const AUTH_PURGE_INTERVAL_MS = 60 * 60_000;
/** How often the weekly digest looks for parents whose last week's mail has not gone yet. */
const DIGEST_INTERVAL_MS = 60 * 60_000;

/**
 * What lower modules ask of higher ones (decision 064): each is provided by one module after it is
 * built, so no module holds a module above it. The fallbacks answer until then.
 */
const UPWARD_FALLBACKS = {
  /** Sign-in, the menu and the bell ask for the student's running test; the exam answers. */
  activeTestFor: async (_userId: number): Promise<ActiveTestDetails | null> => null,
  /** The academy's task list shows each task's latest attempt; the exam answers. */
  latestAttempts: (async () => new Map()) as ExamService['latestAttempts'],
  /** A scored attempt's summary row, written in the exam's own transaction; reports answer. */
  attemptScored: ((_scored: ScoredAttempts) => undefined) as (scored: ScoredAttempts) => Statements | undefined,
  /** Of a regrade's attempts, those whose summary holds the question (patched in place); reports answer. */
  summariesHolding: (async () => new Set<string>()) as (mapId: number, attemptIds: string[]) => Promise<Set<string>>,
  /** The statement patching those summaries, run with the regrade's marks and totals; reports answer. */
  questionRescored: ((_rescored: RescoredQuestion) => undefined) as (rescored: RescoredQuestion) => Statement | undefined,
  /**
   * On an exam centre, a start in a loaded window is served the window's staged draw (its drawn
   * placements, in order) instead of drawing from this server's bank; the centre answers. Null: draw as usual.
   */
  stagedDraw: (async () => null) as (taskId: number, shiftId: number | null) => Promise<number[] | null>,
  /** The question bank's regrade and its log; grading answers. */
  regrades: (() => null) as () => Pick<GradingService, 'regradeQuestion' | 'listRegrades'> | null,
};
export type UpwardCall = keyof typeof UPWARD_FALLBACKS;

/** What every module's factory gets besides the services it declared. */
interface Context {
  deps: AppDeps;
  upward: ReturnType<typeof createUpwardCalls<typeof UPWARD_FALLBACKS>>;
  /** Every password hash and code check of the process, at most PASSWORD_HASH_CONCURRENCY at once. */
  passwords: ReturnType<typeof createPasswordHasher>;
  sms: ReturnType<typeof createSmsSender>;
  /** Background work registers its stop here; the server calls them on shutdown and tests on close. */
  onStop: (stop: () => Promise<void> | void) => void;
  log: (text: string, error?: unknown) => void;
}

/** Every module's service, by the name the routes use. */
export interface ModuleServices {
  lookups: ReturnType<typeof createLookupsService>;
  auth: ReturnType<typeof createAuthService>;
  roles: ReturnType<typeof createRolesService>;
  installation: ReturnType<typeof createInstallationService>;
  schedules: ReturnType<typeof createSchedulesService>;
  navigation: ReturnType<typeof createNavigationService>;
  profile: ReturnType<typeof createProfileService>;
  notes: ReturnType<typeof createNotesService>;
  bookmarks: ReturnType<typeof createBookmarksService>;
  todo: ReturnType<typeof createTodoService>;
  calendar: ReturnType<typeof createCalendarService>;
  search: ReturnType<typeof createSearchService>;
  jobs: ReturnType<typeof createJobsService>;
  files: ReturnType<typeof createFilesService>;
  questionBank: ReturnType<typeof createQuestionBankService>;
  questionTransfer: ReturnType<typeof createQuestionTransferService>;
  academy: ReturnType<typeof createAcademyService>;
  examContent: ReturnType<typeof createAcademyService>;
  academyManage: ReturnType<typeof createAcademyManageService>;
  coursePackages: ReturnType<typeof createCoursePackageService>;
  exam: ExamService;
  grading: GradingService;
  testConfig: ReturnType<typeof createTestConfigService>;
  proctoring: ReturnType<typeof createProctoringService>;
  reports: ReturnType<typeof createReportsService>;
  notebook: ReturnType<typeof createNotebookService>;
  notebookReview: ReturnType<typeof createNotebookReviewService>;
  notebookRetest: ReturnType<typeof createNotebookRetestService>;
  challenges: ReturnType<typeof createChallengesService>;
  staffReports: ReturnType<typeof createStaffReportsService>;
  familyReports: ReturnType<typeof createFamilyReportsService>;
  runner: ReturnType<typeof createRunnerService>;
  psychometrics: ReturnType<typeof createPsychometricsService>;
  adaptive: ReturnType<typeof createAdaptiveService>;
  students: ReturnType<typeof createStudentsService>;
  audit: ReturnType<typeof createAuditService>;
  support: ReturnType<typeof createSupportService>;
  centre: ReturnType<typeof createCentreServices>;
  office: ReturnType<typeof createOfficeService>;
  omr: ReturnType<typeof createOmrService>;
}

const module = declareModule<ModuleServices, Context, UpwardCall>();
const publicUrl = (deps: AppDeps) => deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;

/**
 * Every module, each after the modules it needs: the composition root is this list. A module calls
 * another module's service, never its repository.
 */
export const MODULES = [
  module({ name: 'lookups', room: 'platform' }, (_, { deps }) => createLookupsService({ repo: createLookupsRepository(deps.db) })),
  module({ name: 'auth', room: 'auth', needs: ['lookups'], asks: ['activeTestFor'] }, ({ lookups }, { deps, upward, passwords, sms, log }) => {
    const repo = createAuthRepository(deps.db);
    return createAuthService({
      repo,
      otp: createOtpService({ repo, clock: deps.clock, passwords }),
      tokens: deps.tokens,
      clock: deps.clock,
      mailer: deps.mailer,
      sms,
      activeTestFor: upward.ask('activeTestFor'),
      courseExists: (courseId) => lookups.courseExists(courseId),
      sessionCache: shareSessionRevocations(createSessionCache(deps.config.SESSION_CACHE_MS), deps.redis, (text) => console.warn(text)),
      passwords,
      log,
    });
  }),
  module({ name: 'roles', room: 'roles', needs: ['auth'] }, ({ auth }, { deps }) =>
    createRolesService({
      repo: createRolesRepository(deps.db),
      onScopeChanged: (userId) => auth.forgetCachedSessions(userId),
      scopeOf: (userId) => auth.scopeOf(userId),
    }),
  ),
  // Demo accounts still signing in with the published password, and the first administrator (decision 041).
  module({ name: 'installation', room: 'platform', needs: ['roles', 'auth', 'lookups'] }, ({ roles, auth, lookups }, { deps, passwords }) =>
    createInstallationService({
      repo: createInstallationRepository(deps.db, { accounts: auth.accounts, lookups }),
      clock: deps.clock,
      passwords,
      accounts: auth.accounts,
      ensureClient: (client) => roles.ensureClient(client),
      demo: { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD },
    }),
  ),
  // Course mappings, test windows and topic openings: asked by the academy, the exam, the calendar and the bell.
  module({ name: 'schedules', room: 'schedules' }, (_, { deps }) => createSchedulesService({ repo: createSchedulesRepository(deps.db), clock: deps.clock })),
  module({ name: 'navigation', room: 'platform', needs: ['auth', 'schedules'], asks: ['activeTestFor'] }, ({ auth, schedules }, { deps, upward }) =>
    createNavigationService({
      repo: createNavigationRepository(deps.db),
      clock: deps.clock,
      activeTestFor: upward.ask('activeTestFor'),
      isOwnSession: (actor, sessionId) => auth.isOwnSession(actor, sessionId),
      upcomingTests: (actor) => schedules.upcomingTests(actor),
    }),
  ),
  module({ name: 'profile', room: 'auth', needs: ['lookups', 'auth', 'navigation'] }, ({ lookups, auth, navigation }, { deps }) =>
    createProfileService({
      repo: createProfileRepository(deps.db, auth.accounts),
      clock: deps.clock,
      lookups,
      auth,
      permissionsFor: (actor) => navigation.permissionsFor(actor),
    }),
  ),
  // The student's workspace. The calendar shows other domains' entries through its providers.
  module({ name: 'notes', room: 'workspace' }, (_, { deps }) => createNotesService({ repo: createNotesRepository(deps.db), clock: deps.clock })),
  module({ name: 'bookmarks', room: 'workspace' }, (_, { deps }) => createBookmarksService({ repo: createBookmarksRepository(deps.db), clock: deps.clock })),
  module({ name: 'todo', room: 'workspace' }, (_, { deps }) => createTodoService({ repo: createTodoRepository(deps.db), clock: deps.clock })),
  module({ name: 'calendar', room: 'workspace', needs: ['todo', 'notes', 'schedules'] }, ({ todo, notes, schedules }, { deps }) =>
    createCalendarService({
      repo: createCalendarRepository(deps.db),
      clock: deps.clock,
      providers: [todo.calendarEntries, notes.calendarEntries, schedules.calendarEntries],
    }),
  ),
  module({ name: 'search', room: 'workspace', needs: ['notes', 'bookmarks', 'todo'] }, ({ notes, bookmarks, todo }) =>
    createSearchService({ sources: [notes.search, bookmarks.search, todo.search] }),
  ),
  // Tracked background jobs: modules register handlers and enqueue through jobs.queue. The worker
  // runs outside tests (tests call jobs.queue.runOnce()); several processes share the table.
  module({ name: 'jobs', room: 'platform' }, (_, { deps, onStop, log }) => {
    const jobs = createJobsService({
      repo: createJobsRepository(deps.db),
      clock: deps.clock,
      workerId: newWorkerId(os.hostname()),
      concurrency: deps.config.JOB_CONCURRENCY,
      soleWorker: deps.database.driver === 'pglite',
      log,
    });
    onStop(() => jobs.queue.stop());
    return jobs;
  }),
  module({ name: 'files', room: 'platform' }, (_, { deps }) => createFilesService({ store: deps.fileStore, links: deps.fileLinks, clock: deps.clock })),
  // The bank owns questions and their versions; its regrade asks grading (an upward call).
  module({ name: 'questionBank', room: 'question-bank', asks: ['regrades'] }, (_, { deps, upward }) =>
    createQuestionBankService({ repo: createQuestionBankRepository(deps.db), clock: deps.clock, grading: upward.ask('regrades') }),
  ),
  module({ name: 'academyManage', room: 'academy' }, (_, { deps }) => createAcademyManageService({ repo: createAcademyManageRepository(deps.db), files: deps.fileStore })),
  // Question files in and out of the bank; imports run as question-import jobs, filing questions under topics the academy adds.
  module({ name: 'questionTransfer', room: 'question-bank', needs: ['questionBank', 'jobs', 'academyManage'] }, ({ questionBank, jobs, academyManage }, { deps }) =>
    createQuestionTransferService({ repo: createQuestionBankRepository(deps.db), bank: questionBank, jobs: jobs.queue, files: deps.fileStore, topics: academyManage }),
  ),
  // The academy's task list shows each task's latest attempt, which the exam provides upward.
  module({ name: 'academy', room: 'academy', needs: ['questionBank', 'schedules'], asks: ['latestAttempts'] }, ({ questionBank, schedules }, { deps, upward }) =>
    createAcademyService({
      repo: createAcademyRepository(deps.db),
      clock: deps.clock,
      latestAttempts: upward.ask('latestAttempts'),
      questions: questionBank,
      schedules,
    }),
  ),
  // The exam's view of a test: a practice reveal, the practice report and an office solution keep back the key of a
  // question an open graded test holds, by id or as a copy of its statement under another id (decision 037).
  module({ name: 'examContent', room: 'academy', needs: ['academy', 'questionBank'] }, ({ academy, questionBank }) => ({
    ...academy,
    questionsInOpenGradedTests: (questionIds: number[]) => questionBank.heldByIdOrCopy(questionIds, (ids) => academy.questionsInOpenGradedTests(ids)),
  })),
  // Course packages (zip) become a course with topics and lessons in one course-upload job.
  module({ name: 'coursePackages', room: 'academy', needs: ['questionBank', 'jobs'] }, ({ questionBank, jobs }, { deps }) =>
    createCoursePackageService({
      repo: createCoursePackageRepository(deps.db),
      files: deps.fileStore,
      jobs: jobs.queue,
      questions: { bank: questionBank, repo: createQuestionBankRepository(deps.db) },
    }),
  ),
  // Staff calls check the student's scope (lib/policy.ts); the auth service knows where accounts belong.
  module(
    {
      name: 'exam',
      room: 'exam',
      needs: ['examContent', 'schedules', 'auth'],
      provides: ['activeTestFor', 'latestAttempts'],
      asks: ['attemptScored', 'summariesHolding', 'questionRescored', 'stagedDraw'],
    },
    ({ examContent, schedules, auth }, { deps, upward }) => {
      const exam = createExamService({
        repo: createExamRepository(deps.db, { driver: deps.database.driver }),
        clock: deps.clock,
        academy: examContent,
        assertCanStart: (actor, task, at) => schedules.assertCanStart(actor, task, at),
        reachesTest: (actor, task) => schedules.reachesTest(actor, task),
        people: () => ({
          scopesOf: (userIds) => auth.scopesOf(userIds),
          displayNames: (ids) => auth.displayNames(ids),
          studentsInReach: (reach, limit) => auth.studentsInReach(reach, limit),
        }),
        onScored: upward.ask('attemptScored') as (scored: ScoredAttempts) => Statements,
        onQuestionRescored: {
          holding: upward.ask('summariesHolding'),
          statement: upward.ask('questionRescored') as (rescored: RescoredQuestion) => Statement,
        },
        stagedDraw: upward.ask('stagedDraw'),
        preparation: {
          windowsDue: (aheadMs) => schedules.windowsDue(aheadMs),
          studentsOf: async (window) => {
            const classes = window.classId === null ? [] : [{ classId: window.classId, sectionId: window.sectionId }];
            const students = await auth.studentsInReach({ kind: 'institute', clientId: window.clientId, instituteId: window.instituteId, classes }, PREPARE_STUDENTS_LIMIT);
            const scopes = await auth.scopesOf(students.map((s) => s.id));
            return [...scopes.values()].map((scope) => ({ ...bareActor({ userId: scope.userId, role: scope.role }), clientId: scope.clientId, instituteId: scope.instituteId, classId: scope.classId, sectionId: scope.sectionId }));
          },
        },
        startConcurrency: deps.config.START_CONCURRENCY,
        submitConcurrency: deps.config.SUBMIT_CONCURRENCY,
        submitGroup: deps.config.SUBMIT_GROUP,
        submitAcceptAfter: deps.config.SUBMIT_ACCEPT_AFTER,
        submitAnswerWithinMs: deps.config.SUBMIT_ANSWER_WITHIN,
      });
      upward.provide('activeTestFor', exam.activeTestFor);
      upward.provide('latestAttempts', exam.latestAttempts);
      return exam;
    },
  ),
  module({ name: 'grading', room: 'grading', needs: ['exam', 'academy', 'auth', 'lookups'], provides: ['regrades'] }, ({ exam, academy, auth, lookups }, { deps, upward }) => {
    const grading = createGradingService({
      exam,
      academy,
      displayNames: (ids) => auth.displayNames(ids),
      userNames: (ids) => auth.userNames(ids),
      classNames: (ids) => lookups.classNames(ids),
      scopesOf: (userIds) => auth.scopesOf(userIds),
      audit: (actor, entry) => recordAudit(deps.db, actor, entry),
    });
    upward.provide('regrades', () => grading);
    return grading;
  }),
  // Test configuration reads the bank and locks a test once the exam holds attempts of it.
  module({ name: 'testConfig', room: 'academy', needs: ['questionBank', 'exam', 'schedules'] }, ({ questionBank, exam, schedules }, { deps }) =>
    createTestConfigService({
      repo: createTestConfigRepository(deps.db),
      clock: deps.clock,
      questions: questionBank,
      attempts: () => exam,
      audience: (actor, taskId) => schedules.testAudience(actor, taskId),
    }),
  ),
  module({ name: 'proctoring', room: 'proctoring', needs: ['exam', 'academy', 'auth'] }, ({ exam, academy, auth }, { deps }) =>
    createProctoringService({
      repo: createProctoringRepository(deps.db),
      clock: deps.clock,
      files: deps.fileStore,
      exam,
      academy,
      displayNames: (ids) => auth.displayNames(ids),
      scopesOf: (userIds) => auth.scopesOf(userIds),
    }),
  ),
  // Attempt summaries are written by the exam's one scoring function, in its transaction (the attemptScored call).
  module(
    { name: 'reports', room: 'reports', needs: ['exam', 'examContent', 'auth', 'schedules', 'todo'], provides: ['attemptScored', 'summariesHolding', 'questionRescored'] },
    ({ exam, examContent, auth, schedules, todo }, { deps, upward }) => {
      const reports = createReportsService({
        exam,
        academy: examContent,
        scopesOf: (userIds) => auth.scopesOf(userIds),
        repo: createReportsRepository(deps.db),
        clock: deps.clock,
        childrenOf: (actor) => auth.childrenOf(actor),
        openTestsAt: (place) => schedules.openTestsAt(place),
        windowsAtPlace: (place, taskIds) => schedules.windowsAtPlace(place, taskIds),
        overdueTodosOf: (userId) => todo.overdueOf(userId),
      });
      upward.provide('attemptScored', (scored) => reports.summaryStatement(scored));
      upward.provide('summariesHolding', (mapId, attemptIds) => reports.summariesHolding(mapId, attemptIds));
      upward.provide('questionRescored', (rescored) => reports.questionRescoredStatement(rescored));
      return reports;
    },
  ),
  // The mistake notebook: cards from submitted attempts, their questions through the feedback report's release rule.
  module({ name: 'notebook', room: 'notebook', needs: ['exam', 'academy', 'reports'] }, ({ exam, academy, reports }, { deps }) =>
    createNotebookService({
      repo: createNotebookRepository(deps.db),
      clock: deps.clock,
      exam,
      academy,
      feedbackReport: (actor, query) => reports.feedbackReport(actor, query),
      retests: createRetestGrading({
        retests: createNotebookRetestRepository(deps.db),
        reviews: createNotebookReviewRepository(deps.db),
        cards: createNotebookRepository(deps.db),
        exam,
        clock: deps.clock,
      }),
    }),
  ),
  // Spaced repetition of the notebook's cards (FSRS): the day's queue, answers scored by the question's kind, grades.
  module({ name: 'notebookReview', room: 'notebook', needs: ['exam', 'notebook'] }, ({ exam, notebook }, { deps }) =>
    createNotebookReviewService({
      repo: createNotebookReviewRepository(deps.db),
      cards: createNotebookRepository(deps.db),
      clock: deps.clock,
      weekStartsOn: deps.config.WEEK_STARTS_ON,
      exam,
      notebook,
    }),
  ),
  // The weekly re-test: a timed test of the student's own from their due cards (decision 081).
  module({ name: 'notebookRetest', room: 'notebook', needs: ['exam', 'academy', 'notebook'] }, ({ exam, academy, notebook }, { deps }) =>
    createNotebookRetestService({
      retests: createNotebookRetestRepository(deps.db),
      clock: deps.clock,
      weekStartsOn: deps.config.WEEK_STARTS_ON,
      exam,
      academy,
      notebook,
    }),
  ),
  // Staff reports: the dashboard, the Reports matrix and a test's statistics, from attempt summaries.
  module({ name: 'staffReports', room: 'reports', needs: ['academy', 'exam', 'schedules', 'auth'] }, ({ academy, exam, schedules, auth }, { deps }) =>
    createStaffReportsService({
      repo: createStaffReportsRepository(deps.db),
      equating: createEquatingRepository(deps.db),
      clock: deps.clock,
      academy,
      exam,
      schedules,
      userNames: (ids) => auth.userNames(ids),
      scopesOf: (userIds) => auth.scopesOf(userIds),
    }),
  ),
  // Answer-key challenges and question threads: the release rule of the feedback report, the item statistics of the
  // test's statistics, and key decisions as a new version of the question plus the bank's audited regrade (decision 067).
  module(
    { name: 'challenges', room: 'challenges', needs: ['exam', 'examContent', 'reports', 'staffReports', 'questionBank', 'auth'] },
    ({ exam, examContent, reports, staffReports, questionBank, auth }, { deps, log }) =>
      createChallengesService({
        repo: createChallengesRepository(deps.db),
        clock: deps.clock,
        mailer: deps.mailer,
        files: deps.fileStore,
        exam,
        academy: examContent,
        keyShown: (actor, attemptId, questionId) => reports.keyShown(actor, attemptId, questionId),
        statistics: (actor, taskId) => staffReports.examStatistics(actor, { taskId }),
        bank: {
          decideKey: (actor, input) => questionBank.decideKey(actor, input),
          regrade: (actor, body) => questionBank.regrade(actor, body),
        },
        displayNames: (ids) => auth.displayNames(ids),
        audit: (db, actor, entry) => recordAudit(db, actor, entry),
        log,
      }),
  ),
  // The Institution account's reports, the parents' Summary Report and weekly digest, effort, BI Reports.
  module(
    { name: 'familyReports', room: 'reports', needs: ['academy', 'auth', 'schedules', 'todo', 'notebookReview'] },
    ({ academy, auth, schedules, todo, notebookReview }, { deps, log }) =>
    createFamilyReportsService({
      repo: createFamilyReportsRepository(deps.db),
      summaries: createSummariesRepository(deps.db),
      academy,
      scopesOf: (userIds) => auth.scopesOf(userIds),
      clock: deps.clock,
      mailer: deps.mailer,
      openTestsAt: (place) => schedules.openTestsAt(place),
      overdueTodosOf: (userId) => todo.overdueOf(userId),
      reviewEffortOf: (userId) => notebookReview.effortOf(userId),
      weekStartsOn: deps.config.WEEK_STARTS_ON,
      metabase: { siteUrl: deps.config.METABASE_SITE_URL, secretKey: deps.config.METABASE_SECRET_KEY, dashboardId: deps.config.METABASE_DASHBOARD_ID },
      publicUrl: publicUrl(deps),
      log,
    }),
  ),
  // Code runner: the bubblewrap sandbox (or Judge0 when JUDGE0_URL is set) behind a queue in the runs table.
  module({ name: 'runner', room: 'runner', needs: ['exam', 'grading'] }, ({ exam, grading }, { deps, onStop, log }) => {
    const runner = createRunnerService({
      repo: createRunnerRepository(deps.db),
      clock: deps.clock,
      executor: createRunnerExecutor(deps.config),
      questions: () => exam,
      grading: () => grading,
      soleWorker: deps.database.driver === 'pglite',
      autoStart: deps.config.NODE_ENV !== 'test',
      log,
    });
    onStop(() => runner.stop());
    return runner;
  }),
  // Item calibration (decision 048): on demand per institute, and nightly for institutes with new attempts.
  module({ name: 'psychometrics', room: 'psychometrics', needs: ['jobs'] }, ({ jobs }, { deps }) =>
    createPsychometricsService({ repo: createPsychometricsRepository(deps.db), jobs: jobs.queue, clock: deps.clock }),
  ),
  // Adaptive practice on the calibrated bank (decision 060).
  module({ name: 'adaptive', room: 'adaptive' }, (_, { deps }) => createAdaptiveService({ repo: createAdaptiveRepository(deps.db), clock: deps.clock })),
  // Student Configuration: roster, CSV imports (student-import jobs), password resets and set-password links (written by auth).
  module({ name: 'students', room: 'students', needs: ['auth', 'jobs'] }, ({ auth, jobs }, { deps, sms, log }) =>
    createStudentsService({
      repo: createStudentsRepository(deps.db, auth.accounts),
      clock: deps.clock,
      mailer: deps.mailer,
      sms,
      jobs: jobs.queue,
      files: deps.fileStore,
      forgetSessions: (userId) => auth.forgetCachedSessions(userId),
      credentials: auth.credentials,
      publicUrl: publicUrl(deps),
      log,
    }),
  ),
  module({ name: 'audit', room: 'audit' }, (_, { deps }) => createAuditService({ repo: createAuditRepository(deps.db) })),
  module({ name: 'support', room: 'support' }, (_, { deps, log }) =>
    createSupportService({ repo: createSupportRepository(deps.db), clock: deps.clock, mailer: deps.mailer, log }),
  ),
  // Exam centres: the central side always; a centre's own side when SERVER_ROLE=centre (docs/centre.md).
  module({ name: 'centre', room: 'centre', needs: ['exam', 'examContent'], provides: ['stagedDraw'] }, ({ exam, examContent }, { deps, onStop, upward }) => {
    const centre = createCentreServices(deps, onStop, { creditOutage: (outage) => exam.creditOutage(outage), synced: () => exam, draws: () => examContent });
    if (centre.local) upward.provide('stagedDraw', (taskId, shiftId) => centre.local!.stagedDraw(taskId, shiftId));
    return centre;
  }),
  // Office questions: working copies in the file store, evaluations as office-evaluation jobs in worker threads.
  module(
    { name: 'office', room: 'office', needs: ['exam', 'grading', 'questionBank', 'reports', 'auth', 'jobs'] },
    ({ exam, grading, questionBank, reports, auth, jobs }, { deps, log }) =>
      createOfficeService({
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
        log,
      }),
  ),
  module({ name: 'omr', room: 'omr', needs: ['jobs', 'exam', 'schedules'] }, ({ jobs, exam, schedules }, { deps }) =>
    createOmrService({
      repo: createOmrRepository(deps.db),
      jobs: jobs.queue,
      files: deps.fileStore,
      clock: deps.clock,
      attempts: () => exam,
      contentReach: (actor) => schedules.contentReach(actor),
    }),
  ),
];

/**
 * Background work of a composed server, outside tests (tests drive each by hand with a manual
 * clock): periodic singletons — with several server processes on one PostgreSQL, each run takes an
 * advisory lock, so only one process runs each task at a time — the job worker and the summary backfill.
 */
function startBackgroundWork(services: ModuleServices, deps: AppDeps, onStop: Context['onStop']): void {
  if (deps.config.NODE_ENV === 'test') return;
  const singleton = (name: string) => ({ singleton: { name, lock: deps.database.withAdvisoryLock } });
  const logBackfill = (text: string, error: unknown) => console.error(text, error);
  void services.reports.backfillSummaries(logBackfill).catch((error) => logBackfill('attempt summary backfill failed', error));
  // On a centre, not before the outage since its last run is credited (an attempt's time is not the outage's).
  const logSweepError = (error: unknown) => console.error('exam sweeper failed', error);
  onStop(startPeriodic(() => services.centre.outageSettled.then(() => services.exam.sweepExpired()), EXAM_SWEEP_INTERVAL_MS, logSweepError, singleton('exam-sweeper')));
  const logPurgeError = (error: unknown) => console.error('auth housekeeping failed', error);
  const logPrepareError = (error: unknown) => console.error('exam preparation failed', error);
  // Not on a centre: its paper is readable only from its unlock, when the students are already
  // starting, and preparing then would compete with their starts on the lab machine (decision 078).
  if (deps.config.SERVER_ROLE !== 'centre') {
    onStop(startPeriodic(() => services.exam.prepareDue(), EXAM_PREPARE_INTERVAL_MS, logPrepareError, singleton('exam-preparation')));
  }
  onStop(startPeriodic(() => services.auth.purgeExpired(), AUTH_PURGE_INTERVAL_MS, logPurgeError, singleton('auth-housekeeping')));
  const logDigestError = (error: unknown) => console.error('weekly digest failed', error);
  onStop(startPeriodic(() => services.familyReports.sendWeeklyDigests(), DIGEST_INTERVAL_MS, logDigestError, singleton('weekly-digest')));
  const logNightlyError = (error: unknown) => console.error('nightly item calibration failed to start', error);
  onStop(startPeriodic(() => services.psychometrics.enqueueNightly(), CALIBRATION_NIGHTLY_INTERVAL_MS, logNightlyError, singleton('item-calibration-nightly')));
  services.jobs.queue.start().catch((error: unknown) => console.error('job queue failed to start', error));
}

/** The composition root: every module's service, built once per app from the app's deps. */
export function createServices(deps: AppDeps) {
  const stoppers: Array<() => Promise<void> | void> = [];
  const onStop: Context['onStop'] = (stop) => stoppers.push(stop);
  const passwords = createPasswordHasher({ memoryKiB: deps.config.PASSWORD_HASH_MEMORY_KIB, concurrency: deps.config.PASSWORD_HASH_CONCURRENCY });
  const upward = createUpwardCalls(UPWARD_FALLBACKS);
  const services = composeModules(MODULES, {
    deps,
    upward,
    passwords,
    sms: createSmsSender({ url: deps.config.SMS_URL, outboxDir: path.join(deps.config.dataDir, 'outbox', 'sms') }),
    onStop,
    log: (text, error) => console.error(text, error ?? ''),
  });
  startBackgroundWork(services, deps, onStop);
  // Reset codes mailed after their answers are written before the process stops.
  onStop(() => services.auth.mailsSent());
  return {
    ...services,
    passwords,
    upward,
    onStop,
    stopAll: async () => {
      for (const stop of stoppers.reverse()) await stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
