/** Business constants from both specifications, section 9. */
export const APP_VERSION = '2.1.0';
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOAST_AUTO_HIDE_MS = 6_000;
export const TOAST_ERROR_AUTO_HIDE_MS = 3_000;
export const RELOAD_GUARD_MS = 5_000;

/** The days of the week, in the order of `Date.getUTCDay()`. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PASSWORD_MIN_LENGTH = 4;
export const USERNAME_MIN_LENGTH = 3;
export const OTP_LENGTH = 6;
export const RESEND_OTP_COUNTDOWN_MS = 100_000;
/** How long a one-time code stays valid on the server. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export const RESUME_TEST_DELAY_MS = 1_000;
export const HOVER_MENU_DELAY_MS = 150;
export const URL_MONITORING_INTERVAL_MS = 60_000;
export const COURSE_TRACKING_INTERVAL_MS = 10_000;

export const RUN_POLL_RETRIES = 20;
export const RUN_POLL_RETRIES_FALLBACK = 30;
export const RUN_POLL_INTERVAL_S = 3;
export const RUN_POLL_INTERVAL_FALLBACK_S = 2;
export const RUN_COUNTDOWN_DEFAULT_S = 15;
export const PARTIAL_SUBMIT_TIMEOUT = 300;
export const PRACTICE_PARTIAL_SUBMIT_MINUTES = 30;
export const TAB_AWAY_WARNINGS = 3;
export const SECTION_END_WARNING_MINUTES = 1;
export const SECTION_AUTO_ADVANCE_S = 10;
export const WEBCAM_CAPTURE_INTERVAL_MS = 600_000;
export const WEBCAM_FRAME = { width: 414, height: 232.875 } as const;
export const CAMERA_REQUEST = { width: 1920, height: 1080 } as const;
export const LOCAL_STATE_SAVE_MS = 1_500;
export const QUESTION_TIMER_TICK_MS = 1_000;
export const PASTE_GUARD_CHARS = 15;
export const CODE_EDITOR_HEIGHT = 300;
export const CODE_EDITOR_TAB_SIZE = 2;
export const TEST_DRAWER_WIDTH = 300;
export const QUESTION_DRAWER_WIDTH = 650;

export const SUPPORTED_LANGUAGES = ['en', 'tn'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const EDITOR_HEIGHT = 200;
export const EDITOR_HEIGHT_SHORT = 80;
export const SIDEBAR_WIDTH = 240;
export const NAVBAR_WIDTH = 280;
export const HEADER_HEIGHT = 86;
export const TOOLBAR_HEIGHT = 64;
export const TOP_BANNER_HEIGHT = 150;
export const DRAWER_HIDDEN_BELOW_PX = 700;
export const BUTTON_RADIUS = { small: 15, medium: 18, large: 21 } as const;

export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 5_242_880;
export const VIDEO_UPLOAD_TYPES = ['video/webm', 'image/jpeg', 'video/ogg', 'video/mp4'] as const;
export const VIDEO_UPLOAD_MAX_BYTES = 52_428_800;

export const PROGRAMMING_LANGUAGES = ['C', 'C++', 'Java', 'Python', 'Ruby'] as const;
export type ProgrammingLanguage = (typeof PROGRAMMING_LANGUAGES)[number];

export const CITIES = ['Coimbatore', 'Chennai'] as const;

/** Keys the client keeps in browser storage (spec 9). */
export const STORAGE_KEYS = {
  token: 'user_token',
  jwtToken: 'jwt_access_token',
  user: 'user',
  sectionIndex: 'sectionIndex',
  studentId: 'studentId',
  language: 'language',
  clientId: 'ClientID',
} as const;
