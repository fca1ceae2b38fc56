import { z } from 'zod';
import { idField } from '../common/validation.js';
import { QuestionTypeSchema, testSessionIdField } from '../exam/exam.fields.js';
import {
  ALL_OFFICE_CHECK_TYPES,
  OFFICE_FILE_ORIGINS,
  OFFICE_KINDS,
  OFFICE_RUN_OUTCOMES,
  OFFICE_RUN_PENDING,
  OFFICE_TYPE_IDS,
} from './office.constants.js';

/**
 * Office questions (spec 001 §2 office-document screen, §3 office evaluation result, §4 office
 * evaluation, §7 runOffice, getRunDetailsOffice and the document-editor host calls).
 *
 * A student works on a WORKING COPY of the question's start file, one per attempt and question,
 * named by an opaque file id (`path`). The copy is stamped with its attempt and question (a custom
 * document property), so a file of another attempt or question is recognised when uploaded. The
 * server resolves `path` within the signed-in student's own attempts only: another student's id is
 * a 404. An evaluation (runOffice) compares the current working copy with the solution file by the
 * question's rubric; its result is spec 001's {percentage, unmatched}.
 */

export const OfficeKindSchema = z.enum(OFFICE_KINDS);
export const OfficeRunStatusCodeSchema = z.enum([OFFICE_RUN_PENDING, ...OFFICE_RUN_OUTCOMES]);
export const OfficeFileOriginSchema = z.enum(OFFICE_FILE_ORIGINS);
export const OfficeCheckTypeSchema = z.enum(ALL_OFFICE_CHECK_TYPES);

/** officeTypeID: 1 xlsx, 2 docx, 3 pptx, or the kind's name; it must match the question. */
export const OfficeTypeIdSchema = z.union([
  z.coerce.number().int().refine((n) => Object.values(OFFICE_TYPE_IDS).includes(n), 'officeTypeID must be 1 (xlsx), 2 (docx) or 3 (pptx)'),
  OfficeKindSchema,
]);

/** An opaque file id (the working copy of one attempt's question). */
export const officeFileIdField = z.string().trim().min(1).max(100);

// ---------- POST /task/v1/runOffice ----------

export const RunOfficeBodySchema = z.object({
  officeTypeID: OfficeTypeIdSchema,
  questionID: idField,
  /** The working copy's file id (from copyStartFile / file). */
  path: officeFileIdField,
  /** The spec's document-server address; ignored (the server uses its own configuration). */
  server: z.string().max(500).optional().nullable(),
  ip: z.string().max(500).optional().nullable(),
  contentType: z.string().max(200).optional().nullable(),
  /** The editor username derived from the e-mail; informative only. */
  username: z.string().max(200).optional().nullable(),
  taskID: idField,
  type: z.literal('eval'),
  /** Sent by the client; the evaluation acts for the signed-in user whatever it says. */
  userId: z.union([z.string().max(100), z.number()]).optional().nullable(),
  /** The attempt; without it the student's open attempt of the task. */
  TestSessionID: testSessionIdField.optional().nullable(),
});
export type RunOfficeBody = z.input<typeof RunOfficeBodySchema>;

export const RunOfficeResultSchema = z.object({ runID: z.string() });
export type RunOfficeResult = z.infer<typeof RunOfficeResultSchema>;

// ---------- GET /task/v1/getRunDetailsOffice ----------

export const OfficeRunDetailsQuerySchema = z.object({ runID: z.string().trim().min(1).max(100) });

/** The parsed resultDesc: spec 001 §3 Office evaluation result. percentage has two decimals. */
export const OfficeResultDescSchema = z.object({
  percentage: z.number().min(0).max(100),
  /** Names of the compared items that did not match (in the question's language: the rubric's labels). */
  unmatched: z.array(z.string()),
});
export type OfficeResultDesc = z.infer<typeof OfficeResultDescSchema>;

export const OfficeRunDetailsSchema = z.object({
  runID: z.string(),
  /** PE while pending; EV once evaluated; FE, TLE or IE on failure. */
  statusCode: OfficeRunStatusCodeSchema,
  questionID: z.number().int(),
  taskID: z.number().int(),
  /** JSON text of OfficeResultDesc when EV; null otherwise. */
  resultDesc: z.string().nullable(),
  /** Why the evaluation failed (FE, TLE, IE), in plain words; null otherwise. */
  message: z.string().nullable(),
  /** Whether the score was recorded with the attempt's answer. */
  recorded: z.boolean(),
});
export type OfficeRunDetails = z.infer<typeof OfficeRunDetailsSchema>;

// ---------- Working copy: copyStartFile, file, download, upload ----------

/** Where a question of an attempt is: the test, the question, and the attempt (default: the open one). */
export const OfficeQuestionRefSchema = z.object({
  taskID: idField,
  questionID: idField,
  TestSessionID: testSessionIdField.optional().nullable(),
});
export type OfficeQuestionRef = z.input<typeof OfficeQuestionRefSchema>;

/**
 * POST copyStartFile: the working copy of this question in this attempt, made from the start file
 * (stamped) the first time; later calls return the saved copy unchanged unless `reset` asks for a
 * fresh copy of the start file. The spec's path2, serverIP, contentType and username are accepted and ignored.
 */
export const CopyStartFileBodySchema = OfficeQuestionRefSchema.extend({
  reset: z.boolean().optional(),
  path2: z.string().max(1000).optional().nullable(),
  serverIP: z.string().max(500).optional().nullable(),
  contentType: z.string().max(200).optional().nullable(),
  username: z.string().max(200).optional().nullable(),
});
export type CopyStartFileBody = z.input<typeof CopyStartFileBodySchema>;

export const OfficeFileQuerySchema = z.object({ path: officeFileIdField });
export type OfficeFileQuery = z.input<typeof OfficeFileQuerySchema>;

/** A working copy as its student sees it. */
export const OfficeFileSchema = z.object({
  /** The file id, for download, upload, editorConfig and runOffice. */
  path: z.string(),
  kind: OfficeKindSchema,
  taskID: z.number().int(),
  questionID: z.number().int(),
  TestSessionID: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** 1 for the start copy, +1 on each save. */
  version: z.number().int(),
  origin: OfficeFileOriginSchema,
  /** ISO time of the last save; null while it is the untouched start copy. */
  savedAt: z.string().nullable(),
  /** A short-lived link (no token needed) to the current bytes. */
  downloadUrl: z.string(),
  /** Which editor the screen offers: the online document server when configured, else the built-in one (xlsx) or upload. */
  editor: z.enum(['onlyoffice', 'builtin']),
  /** Whether the solution may be opened now: after submission, or in practice once the answer was revealed (revealAnswer). */
  solutionAvailable: z.boolean(),
  /** Whether saves and evaluations are accepted: the attempt is open and the answer not revealed. */
  editable: z.boolean(),
});
export type OfficeFile = z.infer<typeof OfficeFileSchema>;

/** The download, solution and questionFile routes answer with the file itself; the schema documents the envelope that is never sent. */
export const OfficeFileBytesSchema = z.null();

/**
 * POST upload?path=: multipart field `file` (the whole file; at most OFFICE_UPLOAD_MAX_BYTES).
 * origin: 'editor' for a save from the built-in editor, 'upload' (default) for a file the student chose.
 */
export const OfficeUploadQuerySchema = OfficeFileQuerySchema.extend({ origin: z.enum(['upload', 'editor']).optional() });

/** GET solution: the solution file, where the test's review setting allows it. */
export const OfficeSolutionQuerySchema = OfficeQuestionRefSchema;

// ---------- The document server (ONLYOFFICE), when configured ----------

/**
 * An editor configuration: the document server's address (for its api.js) and the config object
 * to pass to `new DocsAPI.DocEditor(id, config)`, which carries its JWT in `token`.
 */
export const OnlyOfficeConfigSchema = z.object({
  document: z.object({
    fileType: OfficeKindSchema,
    /** Changes with every saved version of the file. */
    key: z.string(),
    title: z.string(),
    url: z.string(),
    permissions: z.object({ edit: z.boolean(), download: z.boolean(), print: z.boolean(), copy: z.boolean() }),
  }),
  documentType: z.enum(['cell', 'word', 'slide']),
  editorConfig: z.object({
    mode: z.enum(['edit', 'view']),
    lang: z.string(),
    user: z.object({ id: z.string(), name: z.string() }),
    callbackUrl: z.string().optional(),
    customization: z.object({ forcesave: z.boolean(), autosave: z.boolean(), compactHeader: z.boolean() }),
  }),
  /** The JWT of the object above, signed with the document server's secret. */
  token: z.string(),
});
export type OnlyOfficeConfig = z.infer<typeof OnlyOfficeConfigSchema>;

export const OfficeEditorConfigSchema = z.object({
  documentServerUrl: z.string(),
  config: OnlyOfficeConfigSchema,
});
export type OfficeEditorConfig = z.infer<typeof OfficeEditorConfigSchema>;

export const OfficeEditorConfigQuerySchema = OfficeFileQuerySchema.extend({
  /** The display name of the file in the editor (spec: "with a fileName"). */
  fileName: z.string().trim().max(200).optional(),
});
export const OfficeSolutionEditorConfigQuerySchema = OfficeQuestionRefSchema.extend({
  fileName: z.string().trim().max(200).optional(),
});

/** POST create (Save As in the editor): the new file at the document server's url becomes the working copy. */
export const OfficeCreateBodySchema = z.object({
  path: officeFileIdField,
  title: z.string().trim().min(1).max(200),
  url: z.string().trim().min(1).max(2000),
});
export type OfficeCreateBody = z.input<typeof OfficeCreateBodySchema>;

/** The document server's save callback (its own body; answered {error: 0} as it expects, not the envelope). */
export const OfficeCallbackQuerySchema = z.object({ path: officeFileIdField });
export const OfficeCallbackBodySchema = z
  .object({
    key: z.string().max(200).optional(),
    status: z.number().int(),
    url: z.string().max(2000).optional(),
    token: z.string().max(20_000).optional(),
    forcesavetype: z.number().int().optional(),
  })
  .passthrough();
export const OfficeCallbackResultSchema = z.object({ error: z.number().int() });

export const OfficeHealthSchema = z.object({
  /** The evaluator takes jobs (worker threads with time and memory limits). */
  evaluator: z.enum(['ready', 'unavailable']),
  /** Whether an ONLYOFFICE Document Server is configured (URL and JWT secret). */
  documentServer: z.boolean(),
  uploadMaxBytes: z.number().int(),
});
export type OfficeHealth = z.infer<typeof OfficeHealthSchema>;

// ---------- Rubric (what is compared) and per-check detail ----------

/**
 * One comparison. `target` names what it looks at: a cell or range ("Sheet1!B7", "Sheet1!B2:B6"),
 * a sheet name, a heading's text, a slide number ("2"); `params` holds the check's options (e.g.
 * a cellValue's `tolerance`, a formula's `inputs` range for perturbation).
 */
export const OfficeRubricCheckSchema = z.object({
  id: z.string().min(1).max(100),
  type: OfficeCheckTypeSchema,
  /** What the student sees in `unmatched` when the check fails. */
  label: z.string().min(1).max(300),
  target: z.string().max(300),
  weight: z.number().min(0).max(100),
  enabled: z.boolean().default(true),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).default({}),
});
export type OfficeRubricCheck = z.output<typeof OfficeRubricCheckSchema>;

/** Stored as the question version's rubric (JSON text); drafted from the solution file. */
export const OfficeRubricSchema = z.object({
  version: z.literal(1),
  kind: OfficeKindSchema,
  /** Default absolute tolerance for numbers. */
  tolerance: z.number().min(0).max(1e9).default(0.01),
  /** Perturbation trials for formula checks (input cells changed in both workbooks). */
  perturbations: z.number().int().min(0).max(10).default(3),
  checks: z.array(OfficeRubricCheckSchema).max(500),
});
export type OfficeRubric = z.output<typeof OfficeRubricSchema>;

export const OfficeCheckResultSchema = z.object({
  id: z.string(),
  type: OfficeCheckTypeSchema,
  label: z.string(),
  weight: z.number(),
  passed: z.boolean(),
  /** 0–1 (a check may earn part of its weight). */
  score: z.number(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
});
export type OfficeCheckResult = z.infer<typeof OfficeCheckResultSchema>;

export const OfficeEvaluationSchema = OfficeResultDescSchema.extend({
  checks: z.array(OfficeCheckResultSchema),
  /** Milliseconds the comparison took. */
  elapsedMs: z.number(),
});
export type OfficeEvaluation = z.infer<typeof OfficeEvaluationSchema>;

/** GET runReport (staff in scope, or the student): one evaluation with each check. */
export const OfficeRunReportSchema = OfficeRunDetailsSchema.extend({
  userId: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  evaluation: OfficeEvaluationSchema.nullable(),
});
export type OfficeRunReport = z.infer<typeof OfficeRunReportSchema>;

/** POST questionFile?kind=&purpose=: an author's start or solution file (multipart field `file`). */
export const OfficeQuestionFileQuerySchema = z.object({
  kind: OfficeKindSchema,
  purpose: z.enum(['start', 'solution']),
});
export const OfficeQuestionFileResultSchema = z.object({
  /** Put it in the question's startFileUrl (start) or solution (solution). */
  fileKey: z.string(),
  size: z.number().int(),
  /** For a solution file: a rubric drafted from it (JSON text for the question's rubric). */
  rubric: z.string().nullable(),
});
export type OfficeQuestionFileResult = z.infer<typeof OfficeQuestionFileResultSchema>;

/** POST draftRubric: a rubric drafted from a stored solution file. */
export const OfficeDraftRubricBodySchema = z.object({
  questionType: QuestionTypeSchema,
  solution: z.string().trim().min(1).max(1000),
});
export const OfficeDraftRubricResultSchema = z.object({ rubric: z.string(), checks: z.number().int() });

/**
 * POST checkQuestion: evaluate the question's solution against itself with its rubric (a sound
 * rubric gives 100), or with `rubric` given, the rubric being edited.
 */
export const OfficeCheckQuestionBodySchema = z.object({
  questionId: idField,
  version: z.number().int().min(1).optional(),
  rubric: z.string().max(200_000).optional(),
});
export type OfficeCheckQuestionBody = z.input<typeof OfficeCheckQuestionBodySchema>;
