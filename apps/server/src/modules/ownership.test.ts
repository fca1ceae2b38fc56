import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA = path.join(MODULES, '..', 'db', 'schema');

/** The tables a schema file declares (`export const x = pgTable(`). */
function tablesOf(schemaFile: string): string[] {
  const text = fs.readFileSync(path.join(SCHEMA, schemaFile), 'utf8');
  return [...text.matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]!);
}

/** The names a repository imports from the schema. */
function schemaImportsOf(repositoryFile: string): string[] {
  const text = fs.readFileSync(path.join(MODULES, repositoryFile), 'utf8');
  const match = /import \{([^}]*)\} from '(?:\.\.\/)+db\/schema\/index\.js'/.exec(text);
  return match ? match[1]!.split(',').map((name) => name.trim()).filter(Boolean) : [];
}

// Decision 009: after the exam split each of these repositories touches only its own tables;
// the rest is read through other modules' services.
const OWNERSHIP = [
  { repository: 'exam/exam.attempts.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.starts.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.served.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.answers.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.regrades.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.supervision.repository.ts', schema: 'exam.ts' },
  { repository: 'exam/exam.reports.repository.ts', schema: 'exam.ts' },
  { repository: 'proctoring/proctoring.repository.ts', schema: 'proctoring.ts' },
  { repository: 'reports/shared/reports.repository.ts', schema: 'reports.ts' },
  { repository: 'reports/student/reports.student.repository.ts', schema: 'reports.ts' },
  { repository: 'notebook/notebook.repository.ts', schema: 'notebook.ts' },
  { repository: 'notebook/notebook.retest.repository.ts', schema: 'notebook.ts' },
  // Decision 099: the centre's own parts, and what its owners copy for it, each on its own tables.
  { repository: 'centre/centre.sync.repository.ts', schema: 'centre.ts' },
  { repository: 'centre/centre.outbox.repository.ts', schema: 'centre.ts' },
  { repository: 'exam/exam.copies.repository.ts', schema: 'exam.ts' },
  { repository: 'question-bank/question-bank.copies.repository.ts', schema: 'question-bank.ts' },
  { repository: 'schedules/schedules.copies.repository.ts', schema: 'schedules.ts' },
  { repository: 'lookups/lookups.copies.repository.ts', schema: 'lookups.ts' },
  { repository: 'audit/audit.entries.repository.ts', schema: 'audit.ts' },
];

describe('table ownership', () => {
  it.each(OWNERSHIP)('$repository imports only the tables of db/schema/$schema', ({ repository, schema }) => {
    const own = tablesOf(schema);
    const imported = schemaImportsOf(repository);
    expect(own.length).toBeGreaterThan(0);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !own.includes(name))).toEqual([]);
  });

  // Reports keep only their summaries (their own table, above); attempts are read through the exam.
  it('grading keeps no repository: it works through the exam and academy services', () => {
    for (const module of ['grading']) {
      const files = fs.readdirSync(path.join(MODULES, module));
      expect(files.filter((file) => file.endsWith('.repository.ts')), module).toEqual([]);
    }
  });
});
