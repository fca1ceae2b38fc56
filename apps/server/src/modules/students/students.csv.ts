import { setImmediate as yieldToOthers } from 'node:timers/promises';
import Papa from 'papaparse';
import { DOB_PATTERN, PHONE_PATTERN, ROLL_NUMBER_PATTERN, STUDENT_CSV_COLUMNS, STUDENT_CSV_MAX_ROWS, USERNAME_MIN_LENGTH, type CsvRowError, type Language, type MessageKey } from '@app/contracts';
import { z } from 'zod';
import { translate } from '../../lib/language.js';
import { importWorkerSlot } from '../../lib/import-workers.js';
import { runWorkerTask, WorkerOutOfMemoryError, WorkerTimeoutError, workerTarget, type WorkerLimits } from '../../lib/worker-task.js';

/**
 * The roster file, read and checked row by row without touching the database: the caller hands
 * in where the rows may go (institutes with their classes and sections) and which usernames,
 * e-mails and phones are taken. Every problem is reported with its row (the file's line, header
 * = 1), its column and a message in the uploader's language.
 */

export interface CsvPlaces {
  /** Institutes rows may go to, with their client. */
  institutes: Map<number, { clientId: string; classes: Map<string, { id: number; name: string; sections: Map<string, { id: number; name: string }> }> }>;
  /** Where a row without instituteId goes; null when the upload covers several institutes. */
  defaultInstituteId: number | null;
}

export interface CsvStudent {
  row: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** YYYY-MM-DD */
  dob: string | null;
  language: Language;
  clientId: string;
  instituteId: number;
  classId: number;
  className: string;
  sectionId: number | null;
  sectionName: string | null;
  /** 1–10 digits, unique in the institute; null when the row has none. */
  rollNumber?: string | null;
}

export interface ParsedRoster {
  rows: Array<{ row: number; values: Record<string, string> }>;
  /** Errors of the file as a whole (missing columns); rows are not checked then. */
  fileErrors: CsvRowError[];
}

export class UnreadableCsvError extends Error {}
export class TooManyRowsError extends Error {}

const USERNAME_PATTERN = /^[A-Za-z0-9._@+-]+$/;
const emailSchema = z.email();
const REQUIRED = STUDENT_CSV_COLUMNS.filter((c) => c.required).map((c) => c.name);
const KNOWN = new Map<string, string>(STUDENT_CSV_COLUMNS.map((c) => [c.name.toLowerCase(), c.name]));

/** Reads the file with papaparse; header names are matched without regard to case or spaces. */
export function parseRoster(file: Buffer, language: Language): ParsedRoster {
  let text = file.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw new UnreadableCsvError('binary');
  const result = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => KNOWN.get(header.trim().toLowerCase().replace(/[\s_]+/g, '')) ?? header.trim(),
    transform: (value) => value.trim(),
  });
  const header = result.meta.fields ?? [];
  if (header.length === 0) throw new UnreadableCsvError('no header');
  if (result.data.length > STUDENT_CSV_MAX_ROWS) throw new TooManyRowsError();
  const fileErrors: CsvRowError[] = REQUIRED.filter((name) => !header.includes(name)).map((name) => ({
    row: 1,
    column: name,
    message: translate('studentCsvColumnMissing', language),
  }));
  // A row papaparse could not split into the header's fields (an unclosed quote) is reported as the file's.
  for (const error of result.errors.filter((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes')) {
    fileErrors.push({ row: (error.row ?? 0) + 2, column: '', message: translate('studentCsvUnreadable', language) });
  }
  return { rows: result.data.map((values, index) => ({ row: index + 2, values })), fileErrors };
}

/** The rows' institute and roll-number pairs, to look up the roll numbers already taken. */
export function rollNumberPairs(parsed: ParsedRoster, places: CsvPlaces): { instituteId: number; rollNumber: string }[] {
  return parsed.rows.flatMap(({ values }) => {
    const rollNumber = (values.rollNumber ?? '').trim();
    const instituteText = (values.instituteId ?? '').trim();
    const instituteId = instituteText ? Number(instituteText) : places.defaultInstituteId;
    return ROLL_NUMBER_PATTERN.test(rollNumber) && Number.isInteger(instituteId) && instituteId !== null ? [{ instituteId, rollNumber }] : [];
  });
}

/** Files up to this size are read on the main thread (a few milliseconds). */
export const ROSTER_INLINE_MAX_BYTES = 256 * 1024;
/** The roster's worker: 5 MB of CSV parse in well under this. */
const ROSTER_WORKER_LIMITS: WorkerLimits = { timeoutMs: 30_000, memoryMb: 256 };

export type RosterReply = { ok: true; json: string } | { ok: false; kind: 'tooMany' | 'unreadable' | 'internal'; message: string };

/** In the worker thread: the file parsed, as JSON text (one string crosses faster than an object graph). */
export async function parseRosterInWorker(request: { file: Uint8Array; language: Language }): Promise<RosterReply> {
  try {
    return { ok: true, json: JSON.stringify(parseRoster(Buffer.from(request.file.buffer, request.file.byteOffset, request.file.byteLength), request.language)) };
  } catch (error) {
    if (error instanceof TooManyRowsError) return { ok: false, kind: 'tooMany', message: '' };
    if (error instanceof UnreadableCsvError) return { ok: false, kind: 'unreadable', message: error.message };
    return { ok: false, kind: 'internal', message: (error as Error)?.message ?? String(error) };
  }
}

const rosterWorker = workerTarget(import.meta.url, './students.roster-worker.ts', 'roster-worker');

/**
 * The roster file read without stalling the server: a small file here, a larger one (up to 5 MB)
 * in a worker thread with heap and time limits. Throws UnreadableCsvError or TooManyRowsError.
 */
export async function readRoster(file: Buffer, language: Language): Promise<ParsedRoster> {
  if (file.length <= ROSTER_INLINE_MAX_BYTES) return parseRoster(file, language);
  let reply: RosterReply;
  try {
    reply = await importWorkerSlot(() => runWorkerTask<{ file: Uint8Array; language: Language }, RosterReply>(rosterWorker, { file, language }, ROSTER_WORKER_LIMITS));
  } catch (error) {
    if (error instanceof WorkerTimeoutError || error instanceof WorkerOutOfMemoryError) throw new UnreadableCsvError(error.message);
    throw error;
  }
  if (reply.ok) return JSON.parse(reply.json) as ParsedRoster;
  if (reply.kind === 'tooMany') throw new TooManyRowsError();
  if (reply.kind === 'unreadable') throw new UnreadableCsvError(reply.message);
  throw new Error(`the roster worker failed: ${reply.message}`);
}

function isRealDate(dob: string): string | null {
  const match = DOB_PATTERN.exec(dob);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Rows checked between two turns of the event loop (10,000 rows take most of a second). */
export const CHECK_BATCH = 250;

/**
 * Checks every row; `taken` holds lower-case usernames and e-mails and phones already in use.
 * Lets other requests in every few hundred rows.
 */
export async function checkRoster(
  parsed: ParsedRoster,
  places: CsvPlaces,
  taken: { usernames: Set<string>; emails: Set<string>; phones: Set<string>; rollNumbers?: Set<string> },
  today: string,
  language: Language,
): Promise<{ students: CsvStudent[]; errors: CsvRowError[] }> {
  const errors: CsvRowError[] = [...parsed.fileErrors];
  if (parsed.fileErrors.some((e) => e.row === 1)) return { students: [], errors };
  const students: CsvStudent[] = [];
  const seen = { username: new Map<string, number>(), email: new Map<string, number>(), phone: new Map<string, number>() };
  const seenRolls = new Map<string, number>();
  const say = (key: MessageKey, arg?: string | number) => translate(key, language).replace('{0}', String(arg ?? ''));

  let checkedRows = 0;
  for (const { row, values: raw } of parsed.rows) {
    if (++checkedRows % CHECK_BATCH === 0) await yieldToOthers();
    const rowErrors: CsvRowError[] = [];
    const fail = (column: string, key: MessageKey, arg?: string | number) => rowErrors.push({ row, column, message: say(key, arg) });
    const value = (name: string) => (raw[name] ?? '').trim();

    const username = value('username');
    if (!username) fail('username', 'studentCsvRequired');
    else if (username.length < USERNAME_MIN_LENGTH) fail('username', 'usernameRequired');
    else if (username.length > 60) fail('username', 'studentFieldTooLong');
    else if (!USERNAME_PATTERN.test(username)) fail('username', 'studentUsernameInvalid');
    const firstName = value('firstName');
    if (!firstName) fail('firstName', 'studentCsvRequired');
    else if (firstName.length > 100) fail('firstName', 'studentFieldTooLong');
    const lastName = value('lastName');
    if (lastName.length > 100) fail('lastName', 'studentFieldTooLong');
    const email = value('email').toLowerCase() || null;
    if (email && (email.length > 200 || !emailSchema.safeParse(email).success)) fail('email', 'emailInvalid');
    const phone = value('phone') || null;
    if (phone && !PHONE_PATTERN.test(phone)) fail('phone', 'phoneInvalid');
    if (!email && !phone) fail('email', 'studentContactRequired');
    const dobText = value('dob');
    let dob: string | null = null;
    if (dobText) {
      dob = isRealDate(dobText);
      if (!dob) fail('dob', 'dobInvalid');
      else if (dob >= today) fail('dob', 'dobNotPast');
    }
    const languageText = value('language').toLowerCase() || 'en';
    if (languageText !== 'en' && languageText !== 'tn') fail('language', 'studentCsvLanguageInvalid');

    const instituteText = value('instituteId');
    let instituteId = places.defaultInstituteId;
    if (instituteText) instituteId = /^\d{1,9}$/.test(instituteText) ? Number(instituteText) : -1;
    const institute = instituteId === null ? undefined : places.institutes.get(instituteId);
    if (!institute) fail('instituteId', instituteText || instituteId === null ? 'studentCsvUnknownInstitute' : 'studentCsvRequired');
    const className = value('class');
    const cls = institute?.classes.get(className.toLowerCase());
    if (!className) fail('class', 'studentCsvRequired');
    else if (institute && !cls) fail('class', 'studentCsvUnknownClass');
    const sectionName = value('section');
    const section = sectionName && cls ? cls.sections.get(sectionName.toLowerCase()) : undefined;
    if (sectionName && cls && !section) fail('section', 'studentCsvUnknownSection');
    const rollNumber = value('rollNumber') || null;
    if (rollNumber && !ROLL_NUMBER_PATTERN.test(rollNumber)) fail('rollNumber', 'studentRollNumberInvalid');
    else if (rollNumber && institute) {
      const key = `${instituteId}:${rollNumber}`;
      const first = seenRolls.get(key);
      if (first !== undefined) fail('rollNumber', 'studentDuplicateInFile', first);
      else seenRolls.set(key, row);
      if (taken.rollNumbers?.has(key)) fail('rollNumber', 'studentRollNumberTaken');
    }

    // Duplicates: within the file (naming the first row) and against existing accounts.
    const duplicate = (column: 'username' | 'email' | 'phone', key: string | null, isTaken: boolean, takenKey: MessageKey) => {
      if (!key) return;
      const first = seen[column].get(key);
      if (first !== undefined) fail(column, 'studentDuplicateInFile', first);
      else seen[column].set(key, row);
      if (isTaken) fail(column, takenKey);
    };
    duplicate('username', username ? username.toLowerCase() : null, taken.usernames.has(username.toLowerCase()), 'studentUsernameTaken');
    duplicate('email', email, email !== null && taken.emails.has(email), 'studentEmailTaken');
    duplicate('phone', phone, phone !== null && taken.phones.has(phone), 'studentPhoneTaken');

    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    students.push({
      row,
      username,
      firstName,
      lastName,
      email,
      phone,
      dob,
      language: languageText as Language,
      clientId: institute!.clientId,
      instituteId: instituteId!,
      classId: cls!.id,
      className: cls!.name,
      sectionId: section?.id ?? null,
      sectionName: section?.name ?? null,
      rollNumber,
    });
  }
  return { students, errors };
}
