import { OfficeRubricSchema, type OfficeCheckResult, type OfficeEvaluation, type OfficeKind, type OfficeRubric } from '@app/contracts';
import { draftDocx, draftPptx, evaluateDocx, evaluatePptx } from './office.doc-checks.js';
import { readDocument } from './office.docx.js';
import { officeText } from './office.labels.js';
import { OfficeFileError } from './office.package.js';
import { readPresentation } from './office.pptx.js';
import { draftXlsx, evaluateXlsx } from './office.xlsx-checks.js';
import { readWorkbook } from './office.xlsx.js';

/**
 * The evaluator's core (pure: bytes in, result out; run in a worker thread by office.evaluator.ts):
 * the student's file and the solution are read, the rubric's checks compared, and the result is
 * spec 001's {percentage, unmatched} with each check's detail for the teacher.
 */

/** Which file a problem was found in: the student's is theirs to fix (FE), the solution's is ours (IE). */
export class SolutionFileError extends Error {
  constructor(cause: unknown) {
    super(`The solution file could not be read: ${(cause as Error).message}`, { cause });
    this.name = 'SolutionFileError';
  }
}

async function readAs(kind: OfficeKind, bytes: Uint8Array) {
  if (kind === 'xlsx') return { kind, model: await readWorkbook(bytes) } as const;
  if (kind === 'docx') return { kind, model: readDocument(bytes) } as const;
  return { kind, model: readPresentation(bytes) } as const;
}

async function readSolution(kind: OfficeKind, bytes: Uint8Array) {
  try {
    return await readAs(kind, bytes);
  } catch (error) {
    throw new SolutionFileError(error);
  }
}

export function scoreOf(checks: OfficeCheckResult[]): { percentage: number; unmatched: string[] } {
  const total = checks.reduce((s, c) => s + c.weight, 0);
  const earned = checks.reduce((s, c) => s + c.weight * c.score, 0);
  const percentage = total > 0 ? Math.round((earned / total) * 10_000) / 100 : 0;
  return { percentage, unmatched: checks.filter((c) => !c.passed).map((c) => c.label) };
}

/** Parses a stored rubric (JSON text); null when it is missing or unreadable. */
export function parseRubric(text: string | null | undefined, kind: OfficeKind): OfficeRubric | null {
  if (!text) return null;
  try {
    const parsed = OfficeRubricSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.kind === kind ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A rubric drafted from a solution file: everything the solution has, each check weighted. */
export async function draftRubric(kind: OfficeKind, solution: Uint8Array): Promise<OfficeRubric> {
  const read = await readSolution(kind, solution);
  const checks = read.kind === 'xlsx' ? draftXlsx(read.model) : read.kind === 'docx' ? draftDocx(read.model) : draftPptx(read.model);
  return { version: 1, kind, tolerance: 0.01, perturbations: 3, checks: checks.slice(0, 500) };
}

export async function evaluateFiles(kind: OfficeKind, student: Uint8Array, solution: Uint8Array, rubric: OfficeRubric | null): Promise<OfficeEvaluation> {
  const started = performance.now();
  const sol = await readSolution(kind, solution);
  const used = rubric ?? (await draftRubric(kind, solution));
  let stu;
  try {
    stu = await readAs(kind, student);
  } catch (error) {
    if (error instanceof OfficeFileError) throw error;
    throw new OfficeFileError('malformed', officeText('fileUnreadable', { a: (error as Error).message }).en);
  }
  let checks: OfficeCheckResult[];
  if (sol.kind === 'xlsx' && stu.kind === 'xlsx') checks = evaluateXlsx(stu.model, sol.model, used);
  else if (sol.kind === 'docx' && stu.kind === 'docx') checks = evaluateDocx(stu.model, sol.model, used.checks);
  else if (sol.kind === 'pptx' && stu.kind === 'pptx') checks = evaluatePptx(stu.model, sol.model, used.checks);
  else throw new OfficeFileError('wrongKind', officeText('fileKindsDiffer').en);
  return { ...scoreOf(checks), checks, elapsedMs: Math.round((performance.now() - started) * 10) / 10 };
}
