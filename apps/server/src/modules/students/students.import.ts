import { STUDENTS_ERRORS, type CsvImportResult, type CsvPreview, type Language } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/language.js';
import { pauseForTest } from '../../lib/test-pause.js';
import { checkRoster, readRoster, rollNumberPairs, TooManyRowsError, UnreadableCsvError, type CsvPlaces, type CsvStudent } from './students.csv.js';
import { notFound, uniqueError, type StudentsContext } from './students.context.js';
import { canPlaceStudent } from './students.policy.js';
import { isUniqueViolation, type NewStudent } from './students.repository.js';

const CSV_SAMPLE_ROWS = 20;

/**
 * A roster file checked against the actor's places and the accounts that exist, previewed, and
 * imported all or nothing with each student's welcome link (the job in students.import-job.ts runs it).
 */
export function createRosterImport(ctx: StudentsContext) {
  const { repo, clock, credentials } = ctx.deps;

  /** Institutes an upload may write to: the InstitutionId list (each in reach, else 404), or the actor's reach. */
  async function placesFor(actor: Actor, institutionIds: number[]): Promise<CsvPlaces> {
    let ids: Array<{ id: number; clientId: string }>;
    if (actor.role === 'ClientAdmin') {
      const all = await repo.institutesOfClient(actor.clientId);
      ids = institutionIds.length ? all.filter((i) => institutionIds.includes(i.id)) : all;
    } else {
      const own = actor.instituteId === null ? undefined : await repo.findInstitute(actor.instituteId);
      ids = own && own.clientId === actor.clientId && (!institutionIds.length || institutionIds.includes(own.id)) ? [{ id: own.id, clientId: own.clientId }] : [];
    }
    if (institutionIds.length && ids.length !== new Set(institutionIds).size) throw notFound();
    if (!ids.length) throw notFound();
    const classRows = await repo.classesOf(ids.map((i) => i.id));
    const sectionRows = await repo.sectionsOf(classRows.map((c) => c.id));
    const places: CsvPlaces = { institutes: new Map(), defaultInstituteId: ids.length === 1 ? ids[0]!.id : (actor.instituteId ?? null) };
    for (const institute of ids) places.institutes.set(institute.id, { clientId: institute.clientId, classes: new Map() });
    for (const cls of classRows) {
      places.institutes.get(cls.instituteId)!.classes.set(cls.name.toLowerCase(), { id: cls.id, name: cls.name, sections: new Map() });
    }
    for (const section of sectionRows) {
      const cls = classRows.find((c) => c.id === section.classId)!;
      places.institutes.get(cls.instituteId)!.classes.get(cls.name.toLowerCase())?.sections.set(section.name.toLowerCase(), { id: section.id, name: section.name });
    }
    return places;
  }

  async function checkFile(actor: Actor, file: Buffer, institutionIds: number[], language: Language) {
    const places = await placesFor(actor, institutionIds);
    let parsed;
    try {
      parsed = await readRoster(file, language);
    } catch (error) {
      if (error instanceof TooManyRowsError) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_TOO_MANY);
      if (error instanceof UnreadableCsvError) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_UNREADABLE, { fields: { file: 'studentCsvUnreadable' } });
      throw error;
    }
    if (!parsed.rows.length && !parsed.fileErrors.length) throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_EMPTY, { fields: { file: 'studentCsvEmpty' } });
    const column = (name: string) => parsed.rows.map((r) => r.values[name] ?? '').filter(Boolean);
    const taken = {
      ...(await repo.takenValues({ usernames: column('username'), emails: column('email'), phones: column('phone') })),
      rollNumbers: await repo.takenRollNumbers(rollNumberPairs(parsed, places)),
    };
    const result = await checkRoster(parsed, places, taken, clock.now().toISOString().slice(0, 10), language);
    // A teacher with assigned sections may only place rows in those sections.
    for (const student of [...result.students]) {
      if (!canPlaceStudent(actor, { clientId: student.clientId, instituteId: student.instituteId, classId: student.classId, sectionId: student.sectionId })) {
        result.students.splice(result.students.indexOf(student), 1);
        result.errors.push({ row: student.row, column: 'class', message: translate('studentCsvUnknownClass', language) });
      }
    }
    result.errors.sort((a, b) => a.row - b.row);
    return { total: parsed.rows.length, ...result };
  }

  function refuseInvalid(errors: Array<{ row: number; column: string; message: string }>): void {
    if (!errors.length) return;
    const fields: Record<string, string> = {};
    for (const error of errors) fields[`row ${error.row}${error.column ? ` ${error.column}` : ''}`] ??= error.message;
    throw new AppError(STUDENTS_ERRORS.STUDENTS_CSV_INVALID, { fields });
  }

  /**
   * Writes every checked row in one transaction (or none), then sends each student their link.
   * A job's success is written in the same transaction (`succeedIn`) with every student listed as
   * unsent, and the list shrinks to the failures once the messages are out: after a crash the
   * job reports what was imported and whom to send a link again.
   */
  async function importStudents(
    actor: Actor,
    students: CsvStudent[],
    onProgress: (done: number) => void,
    succeedIn?: (tx: Db, result: CsvImportResult) => Promise<void>,
  ): Promise<CsvImportResult> {
    const languageIds = { en: await repo.languageIdOf('en'), tn: await repo.languageIdOf('tn') };
    const rows: NewStudent[] = students.map((s) => ({
      username: s.username,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      dob: s.dob,
      clientId: s.clientId,
      instituteId: s.instituteId,
      classId: s.classId,
      sectionId: s.sectionId,
      languageId: languageIds[s.language],
      rollNumber: s.rollNumber ?? null,
    }));
    const messages: Array<{ student: CsvStudent; url: string }> = [];
    try {
      await repo.transaction(async (tx) => {
        const ids = await repo.insertStudents(tx, rows, onProgress);
        const tokens = await credentials.issuePasswordLinks(tx, ids.map((id, i) => ({ userId: id, target: students[i]!.email ?? students[i]!.phone ?? '' })));
        tokens.forEach((token, i) => messages.push({ student: students[i]!, url: ctx.messages.urlOf(token) }));
        // One entry per import: the rows written, by user id and username.
        await recordAudit(tx, actor, {
          action: 'students.import',
          targetType: 'import',
          targetId: ids[0] ?? 0,
          instituteId: students[0]?.instituteId ?? actor.instituteId,
          after: { count: ids.length, students: ids.map((id, i) => ({ id, username: students[i]!.username })) },
        });
        if (succeedIn) await succeedIn(tx, { imported: ids.length, mailed: 0, texted: 0, unsent: messages.map((m) => m.student.username) });
      });
    } catch (error) {
      const constraint = isUniqueViolation(error);
      if (constraint) throw uniqueError(constraint);
      throw error;
    }
    await pauseForTest('student-import:committed');
    const sent = await ctx.messages.sendWelcomes(messages.map(({ student, url }) => ({ student, url, language: student.language })));
    return { imported: rows.length, ...sent };
  }

  return {
    checkFile,
    refuseInvalid,
    importStudents,

    async previewCsv(actor: Actor, file: Buffer, institutionIds: number[], language: Language): Promise<CsvPreview> {
      const checked = await checkFile(actor, file, institutionIds, language);
      return {
        total: checked.total,
        valid: checked.students.length,
        errors: checked.errors,
        sample: checked.students.slice(0, CSV_SAMPLE_ROWS).map((s) => ({
          row: s.row,
          username: s.username,
          name: `${s.firstName} ${s.lastName}`.trim(),
          className: s.className,
          sectionName: s.sectionName,
          instituteId: s.instituteId,
        })),
      };
    },

    /** For the benchmark and tests: check and import a file at once, without the job queue. */
    async importNow(actor: Actor, file: Buffer, institutionIds: number[] = []): Promise<CsvImportResult> {
      const checked = await checkFile(actor, file, institutionIds, 'en');
      refuseInvalid(checked.errors);
      return importStudents(actor, checked.students, () => undefined);
    },
  };
}
export type RosterImport = ReturnType<typeof createRosterImport>;
