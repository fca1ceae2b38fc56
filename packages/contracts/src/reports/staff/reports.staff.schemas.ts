import { z } from 'zod';
import { idField } from '../../common/validation.js';

/**
 * Staff reports (spec 000 §2: /dashboard, /report?tab=…, /examReport): the teacher's dashboard,
 * the students × tests matrix of a class and a test's statistics. Figures are computed from
 * attempt summaries of the students the caller reaches (decisions 029 and 032).
 */

const isoDate = z.string();

// ---------- GET /reports/v1/staffDashboard ----------

export const StaffTestWindowSchema = z.object({
  scheduleId: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  courseName: z.string(),
  /** Who it is for: the institute, or a class (and section) of it. */
  instituteName: z.string(),
  className: z.string().nullable(),
  sectionName: z.string().nullable(),
  opensAt: isoDate,
  closesAt: isoDate,
});
export type StaffTestWindow = z.infer<typeof StaffTestWindowSchema>;

export const StaffDashboardSchema = z.object({
  serverNow: isoDate,
  /** Windows open at some time today (India time), soonest first. */
  todayTests: z.array(StaffTestWindowSchema),
  /** Windows opening after today, within the next 7 days. */
  upcomingTests: z.array(StaffTestWindowSchema),
  /** Tests with attempts running now, for the live room. */
  inProgress: z.array(z.object({ taskId: z.number().int(), taskName: z.string(), runningAttempts: z.number().int() })),
  /** Written answers of submitted attempts waiting for a mark. */
  pendingMarking: z.object({ answers: z.number().int(), attempts: z.number().int() }),
  /** The latest tests by last submission: first attempts only. */
  recentResults: z.array(
    z.object({
      taskId: z.number().int(),
      taskName: z.string(),
      attempts: z.number().int(),
      mean: z.number(),
      top: z.number(),
      total: z.number(),
      lastSubmittedAt: isoDate,
    }),
  ),
  /** Students whose last scores fall, or who missed a scheduled test in the last 30 days. */
  atRisk: z.array(
    z.object({
      userId: z.number().int(),
      displayName: z.string(),
      /** Score percentages of the last tests, oldest first, when they fall; empty otherwise. */
      fallingScores: z.array(z.number()),
      missedTests: z.array(z.object({ taskId: z.number().int(), taskName: z.string(), closedAt: isoDate })),
    }),
  ),
});
export type StaffDashboard = z.infer<typeof StaffDashboardSchema>;

// ---------- GET /reports/v1/matrixOptions, /reports/v1/matrix, /reports/v1/matrixExport ----------

export const MatrixOptionsSchema = z.object({
  classes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      instituteName: z.string(),
      sections: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  courses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MatrixOptions = z.infer<typeof MatrixOptionsSchema>;

export const MatrixQuerySchema = z.object({
  classId: idField,
  sectionId: idField.optional(),
  courseId: idField.optional(),
});
export type MatrixQuery = z.input<typeof MatrixQuerySchema>;

export const MATRIX_SORT_KEYS = ['name', 'average'] as const;
export const MatrixExportQuerySchema = MatrixQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
  /** name, average, or a test's column as task:<taskId>. */
  sort: z
    .string()
    .regex(/^(name|average|task:\d{1,9})$/)
    .optional()
    .default('name'),
  direction: z.enum(['asc', 'desc']).optional().default('asc'),
});
export type MatrixExportQuery = z.input<typeof MatrixExportQuerySchema>;

export const ReportMatrixSchema = z.object({
  className: z.string(),
  sectionName: z.string().nullable(),
  /** The columns: tests taken by the class, oldest first. */
  tests: z.array(
    z.object({
      taskId: z.number().int(),
      taskName: z.string(),
      courseName: z.string(),
      total: z.number(),
      attempts: z.number().int(),
      mean: z.number().nullable(),
    }),
  ),
  /** One row per student; a cell is the first attempt's score, null when not taken. */
  students: z.array(
    z.object({
      userId: z.number().int(),
      displayName: z.string(),
      username: z.string(),
      sectionName: z.string().nullable(),
      scores: z.array(z.number().nullable()),
      /** Mean percentage over the tests taken, null when none. */
      average: z.number().nullable(),
      taken: z.number().int(),
    }),
  ),
});
export type ReportMatrix = z.infer<typeof ReportMatrixSchema>;

// ---------- GET /reports/v1/examStatistics, /reports/v1/examStatisticsExport ----------

export const ExamStatisticsQuerySchema = z.object({ taskId: idField });
export type ExamStatisticsQuery = z.input<typeof ExamStatisticsQuerySchema>;
export const ExamStatisticsExportQuerySchema = ExamStatisticsQuerySchema.extend({ format: z.enum(['csv', 'xlsx', 'pdf']) });
export type ExamStatisticsExportQuery = z.input<typeof ExamStatisticsExportQuerySchema>;

export const ItemFlagSchema = z.enum(['tooEasy', 'tooHard', 'negativeDiscrimination', 'weakEfficiency']);
export type ItemFlagName = z.infer<typeof ItemFlagSchema>;

const CountsSchema = z.object({
  correct: z.number().int(),
  partial: z.number().int(),
  wrong: z.number().int(),
  unanswered: z.number().int(),
  pending: z.number().int(),
});

const AreaSchema = z.object({
  questions: z.number().int(),
  /** Mean marks scored on these questions per attempt, and the most they give. */
  meanScored: z.number(),
  total: z.number(),
  /** Correct over answers served, 0–100. */
  accuracy: z.number(),
});

export const ExamStatisticsSchema = z.object({
  taskId: z.number().int(),
  TaskName: z.string(),
  /** The most marks the test gives. */
  total: z.number(),
  /** First attempts of the students in the caller's reach. */
  attempts: z.number().int(),
  scores: z.object({
    mean: z.number().nullable(),
    median: z.number().nullable(),
    sd: z.number().nullable(),
    skewness: z.number().nullable(),
    kurtosis: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
  }),
  /** Coefficient of internal consistency (%, Cronbach's alpha / KR-20), error ratio (%), standard error (marks). */
  consistency: z.object({ cic: z.number().nullable(), errorRatio: z.number().nullable(), standardError: z.number().nullable() }),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  sections: z.array(AreaSchema.extend({ name: z.string() })),
  topics: z.array(AreaSchema.extend({ section: z.string(), topic: z.string() })),
  items: z.array(
    z.object({
      number: z.number().int(),
      questionTaskMapID: z.number().int(),
      title: z.string(),
      /** The question's statement as authored (HTML with formulas), for the item's row. */
      text: z.string(),
      section: z.string(),
      topics: z.array(z.string()),
      maxMark: z.number(),
      attempts: z.number().int(),
      /**
       * Percentages, as Moodle shows them; null where they cannot be computed. Facility is the mean
       * mark as a share of the maximum with a negative mark counted as none, so it stays within 0–100.
       */
      facility: z.number().nullable(),
      sd: z.number().nullable(),
      discriminationIndex: z.number().nullable(),
      discriminativeEfficiency: z.number().nullable(),
      effectiveWeight: z.number().nullable(),
      counts: CountsSchema,
      flags: z.array(ItemFlagSchema),
      /** Each option (0: no single option chosen), overall and by the top and bottom thirds of totals. */
      options: z.array(z.object({ answerId: z.number().int(), label: z.string(), isCorrect: z.boolean(), chosen: z.number().int(), top: z.number().int(), bottom: z.number().int() })),
    }),
  ),
  /** The per-student results sheet, best first. */
  students: z.array(
    z.object({
      userId: z.number().int(),
      displayName: z.string(),
      username: z.string(),
      scored: z.number(),
      total: z.number(),
      percentage: z.number(),
      rank: z.number().int(),
      correct: z.number().int(),
      wrong: z.number().int(),
      skipped: z.number().int(),
      submittedAt: isoDate,
    }),
  ),
});
export type ExamStatistics = z.infer<typeof ExamStatisticsSchema>;

/** A report file (CSV, XLSX or PDF), answered as bytes with its name. */
export const ReportFileSchema = z.string().describe('The file (CSV, XLSX or PDF)');

// ── Scores on one scale across shifts (decision 066) ──

export const ExamEquatingQuerySchema = z.object({ taskId: idField });
export type ExamEquatingQuery = z.input<typeof ExamEquatingQuerySchema>;
/** The equated table as a file: column headers and notes in English and Tamil. */
export const ExamEquatingExportQuerySchema = ExamEquatingQuerySchema.extend({ format: z.enum(['csv', 'xlsx']) });
export type ExamEquatingExportQuery = z.input<typeof ExamEquatingExportQuerySchema>;

/** A shift: one test window (its place), or the attempts started outside any window (`shiftId` null). */
export const EquatingShiftSchema = z.object({
  shiftId: z.number().int().nullable(),
  instituteName: z.string().nullable(),
  className: z.string().nullable(),
  sectionName: z.string().nullable(),
  opensAt: z.string().nullable(),
  attempts: z.number().int(),
  /** Calibrated items on the shift's form (its first attempt's), and those without a calibration. */
  calibratedItems: z.number().int(),
  excludedItems: z.number().int(),
});
export type EquatingShift = z.infer<typeof EquatingShiftSchema>;

export const EquatingRowSchema = z.object({
  attemptId: z.string(),
  userId: z.number().int(),
  displayName: z.string(),
  shiftId: z.number().int().nullable(),
  /** The test's own marking (negative marks included), out of `total`. */
  rawScore: z.number(),
  total: z.number(),
  /** NTA: 100 × candidates of the shift at or below this raw score / candidates of the shift. */
  shiftPercentile: z.number(),
  /** EAP ability on the calibration's scale and its posterior SD; null without calibrated items. */
  ability: z.number().nullable(),
  abilitySe: z.number().nullable(),
  /** Marks for right answers on the reference form's calibrated items that the same ability earns (true-score equating). */
  equatedScore: z.number().nullable(),
  /** Half the equated-score band that one SE of ability either side spans. */
  equatedSpread: z.number().nullable(),
  equatedRank: z.number().int().nullable(),
  calibratedItems: z.number().int(),
  excludedItems: z.number().int(),
});
export type EquatingRow = z.infer<typeof EquatingRowSchema>;

export const ExamEquatingSchema = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  /** The calibration used (one scope, never mixed); null when none covers the test's items. */
  calibration: z
    .object({
      instituteName: z.string().nullable(),
      model: z.enum(['2pl', 'rasch', '3pl']),
      calibratedAt: z.string(),
    })
    .nullable(),
  reference: z.object({ shiftId: z.number().int().nullable(), calibratedItems: z.number().int(), maxScore: z.number() }),
  shifts: z.array(EquatingShiftSchema),
  rows: z.array(EquatingRowSchema),
});
export type ExamEquating = z.infer<typeof ExamEquatingSchema>;
