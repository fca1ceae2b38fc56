/**
 * Every page's address in one table (spec 000 §2): `path` is the router's pattern, `getHref`
 * builds a link to it. Links, navigate() calls, router entries and the role route sets read it;
 * nothing else writes an app URL by hand. The menus' targets live in the contracts
 * (`MENUS`, navigation.ts); `paths.test.ts` checks that each one opens a page of this table.
 */

type Id = number | string;

const segment = (value: Id) => encodeURIComponent(String(value));

/** Optional trailing segments: stops at the first missing one (the router cannot skip one). */
function optionalSegments(...values: Array<Id | null | undefined>): string {
  let out = '';
  for (const value of values) {
    if (value === undefined || value === null || value === '') break;
    out += `/${segment(value)}`;
  }
  return out;
}

function withQuery(pathname: string, query: Record<string, Id | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** A page whose address takes no parameters. */
function fixed<P extends string>(path: P) {
  return { path, getHref: (): string => path };
}

/** A staff page only administrators open (config/role-paths.ts). */
function adminOnly<E extends { path: string }>(entry: E): E & { isAdminOnly: true } {
  return { ...entry, isAdminOnly: true };
}

export const paths = {
  root: fixed('/'),
  error: fixed('/error'),
  /** A lab machine's pre-exam check (public: before anyone signs in on it). */
  centreCheck: fixed('/centre/check'),

  auth: {
    login: fixed('/login'),
    signup: fixed('/signup'),
    forgetPassword: fixed('/forget-password'),
    verify: fixed('/verify'),
    changePassword: fixed('/change-password'),
    /** The page of a set-password link (welcome or reset message): ?token=… */
    setPassword: { path: '/set-password', getHref: (token?: string) => withQuery('/set-password', { token }) },
    /** Student registration: tab 0 students info, 1 parents info. */
    register: { path: '/register', getHref: (tab?: 0 | 1) => withQuery('/register', { tab }) },
  },

  profile: fixed('/profile'),

  academy: {
    courses: fixed('/academy/courses'),
    topics: {
      path: '/academy/courses/topic/:courseId/:topicId?',
      getHref: ({ courseId, topicId }: { courseId: Id; topicId?: Id | null }) =>
        `/academy/courses/topic/${segment(courseId)}${optionalSegments(topicId)}`,
    },
    tasks: {
      path: '/academy/courses/task/:courseId/:topicId',
      getHref: ({ courseId, topicId }: { courseId: Id; topicId: Id }) =>
        `/academy/courses/task/${segment(courseId)}/${segment(topicId)}`,
    },
    /** The generic content page (video, document, a test's instructions: type "instruction"). */
    content: {
      path: '/:type/:contentTypeName/:courseID/:taskID',
      getHref: ({
        type,
        contentTypeName,
        courseID,
        taskID,
      }: {
        type: string;
        contentTypeName: string;
        courseID: Id;
        taskID: Id;
      }) => `/${segment(type)}/${segment(contentTypeName)}/${segment(courseID)}/${segment(taskID)}`,
    },
    /** A test's instructions, on the generic content route. */
    instruction: {
      path: '/:type/:contentTypeName/:courseID/:taskID',
      getHref: ({ type, courseID, taskID }: { type: string; courseID: Id; taskID: Id }) =>
        `/instruction/${segment(type)}/${segment(courseID)}/${segment(taskID)}`,
    },
    /** Staff content management: every academy page. */
    management: { path: '/academy/*', getHref: (courseId?: Id) => withQuery('/academy/courses', { course: courseId }) },
  },

  exam: {
    /** The full-screen player; type is "test" or "practice". */
    player: {
      path: '/test/:type/:courseID/:taskID',
      getHref: ({ type, courseID, taskID }: { type: 'test' | 'practice'; courseID: Id; taskID: Id }) =>
        `/test/${type}/${segment(courseID)}/${segment(taskID)}`,
    },
  },

  reports: {
    /** The feedback report; without an attempt it lists the student's attempts. */
    report: {
      path: '/report',
      getHref: (attempt?: { courseId: Id; taskId: Id; attemptId: string } | { tab: string }) =>
        withQuery('/report', attempt ?? {}),
    },
    overallDashboard: fixed('/overall-dashboard'),
    /** One subject in depth (`?subject=Physics`). */
    subjectDashboard: {
      path: '/subject-dashboard',
      getHref: (subject?: string) => withQuery('/subject-dashboard', { subject }),
    },
    eisDashboard: fixed('/eis-dashboard'),
    neetReport: fixed('/neetReport'),
  },

  workspace: {
    notes: {
      path: '/notes/:id?/:labelHandle?/:labelId?',
      getHref: (params: { id?: Id; labelHandle?: string; labelId?: Id } = {}) =>
        `/notes${optionalSegments(params.id, params.labelHandle, params.labelId)}`,
    },
    notesLabel: {
      path: '/apps/notes/labels/:handle/:id',
      getHref: ({ handle, id }: { handle: string; id: Id }) => `/apps/notes/labels/${segment(handle)}/${segment(id)}`,
    },
    bookmarks: {
      path: '/bookmark/:id?/:labelHandle?/:labelId?',
      getHref: (params: { id?: Id; labelHandle?: string; labelId?: Id } = {}) =>
        `/bookmark${optionalSegments(params.id, params.labelHandle, params.labelId)}`,
    },
    bookmarksLabel: {
      path: '/apps/bookmark/labels/:handle/:id',
      getHref: ({ handle, id }: { handle: string; id: Id }) =>
        `/apps/bookmark/labels/${segment(handle)}/${segment(id)}`,
    },
    /** /todo redirects to /todo/all (spec 000 §2). */
    todo: fixed('/todo'),
    todoFolder: {
      path: '/todo/:folderHandle/:todoId?',
      getHref: ({ folderHandle, todoId }: { folderHandle: string; todoId?: Id }) =>
        `/todo/${segment(folderHandle)}${optionalSegments(todoId)}`,
    },
    todoFilter: {
      path: '/todo/filter/:filterHandle/:todoId?',
      getHref: ({ filterHandle, todoId }: { filterHandle: string; todoId?: Id }) =>
        `/todo/filter/${segment(filterHandle)}${optionalSegments(todoId)}`,
    },
    todoLabel: {
      path: '/todo/label/:labelHandle/:todoId?',
      getHref: ({ labelHandle, todoId }: { labelHandle: string; todoId?: Id }) =>
        `/todo/label/${segment(labelHandle)}${optionalSegments(todoId)}`,
    },
    /** The spec's spelling. */
    calendar: fixed('/calender'),
    /** The mistake notebook (issue 35): filters ride in the query string. */
    notebook: fixed('/notebook'),
  },

  courseSchedule: fixed('/courseschedule'),
  omrPdfUpload: fixed('/omrPdfUpload'),
  /** Adaptive practice (decision 060): the start page, or one session with ?sessionId=. */
  adaptive: { path: '/adaptive', getHref: (sessionId?: Id) => withQuery('/adaptive', { sessionId }) },
  contactUs: fixed('/contactus'),
  /** The weekly parent e-mail's unsubscribe link (`?token=`), open without signing in. */
  digestUnsubscribe: fixed('/digest-unsubscribe'),

  /** Teacher and admin pages (spec 000 §2): each one is a path of the staff route sets (config/role-paths.ts). */
  staff: {
    home: fixed('/home'),
    dashboard: fixed('/dashboard'),
    metabase: fixed('/metabase'),
    /** The staff's tests; `test` opens a test's live room, with `view=statistics` its statistics, with `view=challenges` its key challenges. */
    examReport: { path: '/examReport', getHref: (test?: Id | null, view?: 'statistics' | 'challenges') => withQuery('/examReport', { test, view }) },
    testConfig: fixed('/testconfig'),
    studentConfig: fixed('/studentconfig'),
    testSchedule: fixed('/testschedule'),
    courseMapping: fixed('/coursemapping'),
    courseUpload: fixed('/courseupload'),
    resourceUpload: fixed('/resourceupload'),
    resetStudentPassword: fixed('/resetstudentpassword'),
    courseConfig: fixed('/courseconfig'),
    roleConfig: fixed('/roleconfig'),
    /** Item calibration (administrators): run a calibration, read each item version's estimates. */
    itemCalibration: adminOnly(fixed('/item-calibration')),
    /** Exam centres on the central server (administrators: pairing codes, centres, invigilator codes). */
    examCentres: fixed('/centres'),
    /** An exam centre's own server: pairing, staged exams, unlocking (docs/centre.md). */
    centre: fixed('/centre'),
    /** The invigilator's dashboard of one staged exam on a centre's server. */
    centreRoom: { path: '/centre/exams/:scheduleId', getHref: (scheduleId: Id) => `/centre/exams/${segment(scheduleId)}` },
    /** The question bank: the list; `question` opens one ("new" for a new one), `view=import` the importer. */
    questionBank: {
      path: '/questionbank',
      getHref: (query: { question?: Id | 'new'; view?: 'import' } = {}) => withQuery('/questionbank', query),
    },
  },

  institution: {
    reports: fixed('/reports'),
    subjectDashboard: {
      path: '/reports/subject-dashboard/:CourseID/:UserID',
      getHref: ({ CourseID, UserID }: { CourseID: Id; UserID: Id }) =>
        `/reports/subject-dashboard/${segment(CourseID)}/${segment(UserID)}`,
    },
    help: fixed('/help'),
  },

  parent: {
    home: fixed('/parent/home'),
    activity: fixed('/parent/activity'),
    /** A child's analytics (`?child=<id>`). */
    dashboard: { path: '/parent/dashboard', getHref: (child?: Id) => withQuery('/parent/dashboard', { child }) },
    /** A child's attempts (`?child=<id>`), or one attempt's feedback report with its courseId, taskId and attemptId. */
    report: {
      path: '/parent/report',
      getHref: (child?: Id, attempt?: { courseId: Id; taskId: Id; attemptId: string }) => withQuery('/parent/report', { child, ...attempt }),
    },
    summary: fixed('/parent/summary'),
  },
} as const;

/** An id segment of an address as the contracts' ids are (a positive whole number), else null. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A menu target without its query (`/report?tab=Comprehensive` → `/report`). */
export function menuPathname(url: string): string {
  return url.split('?')[0]!;
}

export interface PathEntry {
  path: string;
}

/** An entry of the `staff` group. */
export interface StaffPathEntry extends PathEntry {
  isAdminOnly?: boolean;
}

/** Every route pattern of the table (for the role route sets and the menu check). */
export function allPathPatterns(node: unknown = paths): string[] {
  if (!node || typeof node !== 'object') return [];
  if ('path' in node && typeof (node as PathEntry).path === 'string') return [(node as PathEntry).path];
  return Object.values(node).flatMap((child) => allPathPatterns(child));
}
