import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centreLoadedDraws, centreLoadedRows, centreRoster, instituteDirectory } from '../../db/schema/index.js';
import { createAcademyCopies, type AcademyCopiedKind } from '../academy/shared/academy.copies.repository.js';
import { createAccountCopies } from '../auth/auth.copies.repository.js';
import { createPlaceCopies } from '../lookups/lookups.copies.repository.js';
import { createBankCopies, type BankCopiedKind } from '../question-bank/question-bank.copies.repository.js';
import { createScheduleCopies } from '../schedules/schedules.copies.repository.js';
import type { LoadedKind } from './centre.shared.repository.js';

/** What the centre's loader writes its copies with: the module that owns each kind of row. */
interface Copier {
  updateCopy(id: number, values: Record<string, unknown>): Promise<boolean>;
  insertCopies(rows: Array<Record<string, unknown>>): Promise<number[]>;
}

/**
 * A centre's copies of an unlocked paper and its roster in this server's own tables: each row is
 * written by the module that owns its table (decision 099), and `centre_loaded_rows` maps its
 * central id to its local one.
 */
export function createCentreLoadedRepository(db: Db) {
  const academy = createAcademyCopies(db);
  const bank = createBankCopies(db);
  const schedules = createScheduleCopies(db);
  const accounts = createAccountCopies(db);
  const places = createPlaceCopies(db);
  const ofAcademy = (kind: AcademyCopiedKind): Copier => ({ updateCopy: (id, values) => academy.updateCopy(kind, id, values), insertCopies: (rows) => academy.insertCopies(kind, rows) });
  const ofBank = (kind: BankCopiedKind): Copier => ({ updateCopy: (id, values) => bank.updateCopy(kind, id, values), insertCopies: (rows) => bank.insertCopies(kind, rows) });
  const COPIERS: Record<LoadedKind, Copier> = {
    course: ofAcademy('course'),
    topic: ofAcademy('topic'),
    task: ofAcademy('task'),
    taskSection: ofAcademy('taskSection'),
    taskQuestion: ofAcademy('taskQuestion'),
    question: ofBank('question'),
    questionVersion: ofBank('questionVersion'),
    schedule: schedules,
  };
  return {
    /** This server's institute for loaded rows: the one named, or else its first. */
    async localInstitute(id: number | null) {
      const [row] = await db
        .select({ id: instituteDirectory.id, clientId: instituteDirectory.clientId })
        .from(instituteDirectory)
        .where(id === null ? undefined : eq(instituteDirectory.id, id))
        .orderBy(asc(instituteDirectory.id))
        .limit(1);
      return row ?? null;
    },

    /** Inserts the local row standing for a central one, or updates the one loaded before; its local id. */
    async saveLoaded(kind: LoadedKind, centralId: number, values: Record<string, unknown>): Promise<number> {
      const copier = COPIERS[kind];
      const [known] = await db
        .select({ localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, kind), eq(centreLoadedRows.centralId, centralId)));
      if (known && (await copier.updateCopy(known.localId, values))) return known.localId;
      const [localId] = await copier.insertCopies([values]);
      await db
        .insert(centreLoadedRows)
        .values({ kind, centralId, localId: localId! })
        .onConflictDoUpdate({ target: [centreLoadedRows.kind, centreLoadedRows.centralId], set: { localId: localId! } });
      return localId!;
    },

    /** The local ids of central rows loaded before. */
    async loadedIds(kind: LoadedKind | 'user', centralIds: number[]): Promise<Map<number, number>> {
      if (!centralIds.length) return new Map();
      const rows = await db
        .select({ centralId: centreLoadedRows.centralId, localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, kind), inArray(centreLoadedRows.centralId, centralIds)));
      return new Map(rows.map((row) => [row.centralId, row.localId]));
    },

    /** Inserts local rows for central ones in one statement, and records which is which; central id → local id. */
    async insertLoaded(kind: LoadedKind, rows: Array<{ centralId: number; values: Record<string, unknown> }>): Promise<Map<number, number>> {
      if (!rows.length) return new Map();
      const inserted = await COPIERS[kind].insertCopies(rows.map((row) => row.values));
      const ids = new Map(rows.map((row, index) => [row.centralId, inserted[index]!]));
      await db.insert(centreLoadedRows).values([...ids].map(([centralId, localId]) => ({ kind, centralId, localId })));
      return ids;
    },

    /** A loaded window's staged draw, in this server's ids (kept as first loaded). */
    async insertLoadedDraw(scheduleId: number, mapIds: number[]) {
      if (!mapIds.length) return;
      await db
        .insert(centreLoadedDraws)
        .values(mapIds.map((questionTaskMapId, position) => ({ scheduleId, questionTaskMapId, position })))
        .onConflictDoNothing();
    },

    /** The drawn placements every attempt started in this window is served, in order. */
    async loadedDraw(scheduleId: number): Promise<number[]> {
      const rows = await db
        .select({ mapId: centreLoadedDraws.questionTaskMapId })
        .from(centreLoadedDraws)
        .where(eq(centreLoadedDraws.scheduleId, scheduleId))
        .orderBy(asc(centreLoadedDraws.position));
      return rows.map((row) => row.mapId);
    },

    /** Each of the questions is current at its (one) loaded version. */
    setCurrentVersions: (questionIds: number[]) => bank.setCurrentVersions(questionIds),

    insertVersionTexts: (rows: Parameters<typeof bank.insertVersionTexts>[0]) => bank.insertVersionTexts(rows),

    /** The institute's class of that name (made when missing). */
    localClass: (instituteId: number, name: string) => places.ensureClass(instituteId, name),

    /** The class's section of that name (made when missing). */
    localSection: (classId: number, name: string) => places.ensureSection(classId, name),

    /** Loaded accounts as they are now. */
    usersByIds: (ids: number[]) => accounts.byIds(ids),

    updateUser: (id: number, values: Parameters<typeof accounts.update>[1]) => accounts.update(id, values),

    /**
     * Accounts for rostered students loaded for the first time, in one statement; a student whose
     * username, e-mail, phone or roll number one of this server's own accounts holds is left out
     * (and cannot sign in here). Central id → local id of those made.
     */
    async insertLoadedUsers(rows: Array<{ centralId: number; values: Parameters<typeof accounts.insertCopies>[0][number] }>): Promise<Map<number, number>> {
      if (!rows.length) return new Map();
      const made = await accounts.insertCopies(rows.map((row) => row.values));
      const byUsername = new Map(made.map((row) => [row.username.toLowerCase(), row.id]));
      const ids = new Map<number, number>();
      for (const row of rows) {
        const localId = byUsername.get(row.values.username.toLowerCase());
        if (localId !== undefined) ids.set(row.centralId, localId);
      }
      if (ids.size) await db.insert(centreLoadedRows).values([...ids].map(([centralId, localId]) => ({ kind: 'user', centralId, localId })));
      return ids;
    },

    /** Turns off the loaded accounts of students no longer on the roster. */
    async disableUnrostered() {
      const rostered = db.select({ userId: centreRoster.userId }).from(centreRoster);
      const gone = await db
        .select({ localId: centreLoadedRows.localId })
        .from(centreLoadedRows)
        .where(and(eq(centreLoadedRows.kind, 'user'), notInArray(centreLoadedRows.centralId, rostered)));
      await accounts.deactivate(gone.map((row) => row.localId));
    },
  };
}
