import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './server-process.js';

/**
 * A repository reads another module's tables only through that module (decision 009; the
 * reshape's step after decision 064). The repositories that still read other modules' tables are
 * listed below with those tables; a new foreign read fails this test (ask the owning module's
 * service instead), and a listed read that is gone fails it too (take it off), so the list only
 * shrinks. A table's owner is its schema file (`db/schema/<owner>.ts`); `accounts` (users and their
 * credentials) and `lookups` (institutes, classes, sections, languages, states) are tables of their
 * own that several modules still join.
 *
 * "Reads": imports the table from the schema, or names it after FROM, JOIN, UPDATE or INTO in SQL.
 */
const STILL_READING_FOREIGN_TABLES: Record<string, string[]> = {
  'audit/audit.repository.ts': ['users'],
  'auth/auth.repository.ts': ['institutes', 'loginLinks', 'oneTimeCodes', 'parentLinks', 'rateCounters', 'rolePermissions', 'sessions', 'staffClassAssignments', 'studentSignupDetails', 'teacherPermissions', 'users'],
  'centre/centre.repository.ts': ['attemptQuestionVersions', 'auditLog', 'classes', 'courses', 'examAnswers', 'examAttempts', 'institutes', 'questionVersionTexts', 'questionVersions', 'questions', 'sections', 'servedSetVersions', 'taskQuestions', 'taskSections', 'tasks', 'testSchedules', 'topics', 'users'],
  'challenges/challenges.repository.ts': ['languages', 'users'],
  'installation/installation.repository.ts': ['institutes', 'users'],
  'jobs/jobs.repository.ts': ['users'],
  'lookups/lookups.repository.ts': ['courses'],
  'navigation/navigation.repository.ts': ['visitedUrls'],
  'omr/omr.repository.ts': ['classes', 'courses', 'institutes', 'studentSignupDetails', 'taskQuestions', 'tasks', 'users'],
  'profile/profile.repository.ts': ['parentInfo', 'users'],
  'psychometrics/psychometrics.repository.ts': ['institutes', 'users'],
  'question-bank/question-bank.repository.ts': ['users'],
  'reports/staff/reports.staff.equating.repository.ts': ['classes', 'institutes', 'sections'],
  'reports/family/reports.family.repository.ts': ['classes', 'courseProgress', 'courses', 'institutes', 'languages', 'parentLinks', 'studyDays', 'taskProgress', 'tasks', 'users'],
  'reports/staff/reports.staff.repository.ts': ['classes', 'courses', 'institutes', 'sections', 'tasks', 'users'],
  'roles/roles.repository.ts': ['classes', 'institutes', 'sections', 'teacherPermissions', 'users'],
  'schedules/schedules.repository.ts': ['classes', 'courses', 'institutes', 'sections', 'tasks', 'topics'],
  'students/students.repository.ts': ['classes', 'institutes', 'languages', 'parentLinks', 'sections', 'users'],
  'support/support.repository.ts': ['institutes', 'languages', 'users'],
};

const SCHEMA_OWNER: Record<string, string> = {
  'academy-core': 'academy',
  'family-reports': 'reports',
};
/** Modules that share one schema file. */
const MODULE_OWNS: Record<string, string> = { notes: 'workspace', bookmarks: 'workspace', todo: 'workspace', calendar: 'workspace' };

const SRC = path.join(SERVER_DIR, 'src');

function tableOwners(): { owner: Map<string, string>; bySqlName: Map<string, string> } {
  const owner = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(SRC, 'db/schema'))) {
    const base = file.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(SRC, 'db/schema', file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      owner.set(match[1]!, SCHEMA_OWNER[base] ?? base);
      bySqlName.set(match[2]!, match[1]!);
    }
  }
  return { owner, bySqlName };
}

/** Each view a schema file publishes (`pgView('name', …).as(sql`…`)`) with the tables its SQL reads. */
function publishedViews(): { name: string; owner: string; reads: string[] }[] {
  const { bySqlName } = tableOwners();
  const views: { name: string; owner: string; reads: string[] }[] = [];
  for (const file of fs.readdirSync(path.join(SRC, 'db/schema'))) {
    const base = file.replace(/\.ts$/, '');
    const text = fs.readFileSync(path.join(SRC, 'db/schema', file), 'utf8');
    for (const match of text.matchAll(/pgView\(\s*'(\w+)'[\s\S]*?\.as\(sql`([^`]*)`\)/g)) {
      const reads = [...match[2]!.matchAll(/\b(?:from|join)\s+(\w+)/gi)].map((m) => m[1]!.toLowerCase()).filter((name) => name !== 'lateral');
      views.push({ name: match[1]!, owner: SCHEMA_OWNER[base] ?? base, reads: reads.map((name) => bySqlName.get(name) ?? `unknown table ${name}`) });
    }
  }
  return views;
}

function foreignReads(): Record<string, string[]> {
  const { owner, bySqlName } = tableOwners();
  const reads: Record<string, string[]> = {};
  for (const module of fs.readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    // A module's repositories, in its own folder or in its rooms' sub-folders (academy/manage/…, reports/staff/…).
    const files = fs.readdirSync(path.join(SRC, 'modules', module.name), { recursive: true, encoding: 'utf8' });
    for (const file of files.map((f) => f.split(path.sep).join('/')).sort()) {
      if (!file.endsWith('repository.ts')) continue;
      const text = fs.readFileSync(path.join(SRC, 'modules', module.name, file), 'utf8');
      const used = new Set<string>();
      const imported = /import \{([^}]*)\} from '(?:\.\.\/)+db\/schema\/index\.js'/.exec(text)?.[1] ?? '';
      for (const name of imported.split(',').map((part) => part.trim().replace(/^type /, ''))) if (owner.has(name)) used.add(name);
      for (const [sqlName, name] of bySqlName) if (new RegExp(`\\b(from|join|update|into)\\s+${sqlName}\\b`, 'i').test(text)) used.add(name);
      const own = MODULE_OWNS[module.name] ?? module.name;
      const foreign = [...used].filter((name) => owner.get(name) !== own).sort();
      if (foreign.length > 0) reads[`${module.name}/${file.split(path.sep).join('/')}`] = foreign;
    }
  }
  return reads;
}

describe('repositories and the tables of other modules', () => {
  const reads = foreignReads();

  it('finds the tables’ owners and the repositories’ reads, so that the scan itself works', () => {
    expect(tableOwners().owner.get('examAttempts')).toBe('exam');
    expect(Object.keys(reads).length).toBeGreaterThan(0);
  });

  it('reads no other module’s table but those listed', () => {
    const unlisted = Object.entries(reads).flatMap(([file, tables]) => tables.filter((table) => !STILL_READING_FOREIGN_TABLES[file]?.includes(table)).map((table) => `${file}: ${table}`));
    expect(unlisted, 'read these through the owning module').toEqual([]);
  });

  it('publishes views that read only their own module’s tables (decision 094)', () => {
    const { owner } = tableOwners();
    const views = publishedViews();
    expect(views.map((view) => view.name)).toContain('scored_responses');
    const foreign = views.flatMap((view) => view.reads.filter((table) => owner.get(table) !== view.owner).map((table) => `${view.name}: ${table}`));
    expect(foreign, 'a view reads only the tables of the module that publishes it').toEqual([]);
  });

  it('lists only reads that are still there', () => {
    const gone = Object.entries(STILL_READING_FOREIGN_TABLES).flatMap(([file, tables]) => tables.filter((table) => !reads[file]?.includes(table)).map((table) => `${file}: ${table}`));
    expect(gone, 'take these off the list').toEqual([]);
  });
});
