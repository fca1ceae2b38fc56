import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './server-process.js';

/**
 * One internal name per concept (architecture.md, "Glossary"): the spec's casing stays at the
 * contract edge, the code names each concept once. The names a concept no longer goes by are
 * listed here; none of them may name a TypeScript identifier (a variable, parameter, field or
 * property) in the sources. Identifiers are read from each file's syntax tree, so comments and
 * string text (SQL, where snake case such as `map_id` is the rule) do not count — except `qtm`,
 * which is gone from the text entirely, SQL included.
 */
const ROOT = path.resolve(SERVER_DIR, '../..');
const SOURCE_DIRS = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/contracts/src', 'bench', 'e2e'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
/** This file names the retired names to refuse them. */
const THIS_FILE = 'apps/server/test/glossary.test.ts';

interface Concept {
  /** The concept's row in the glossary (its first cell). */
  row: string;
  /** Its one name in the code. */
  name: string;
  retired: string[];
}

const CONCEPTS: Concept[] = [
  {
    row: 'a question placed in a test',
    name: 'mapId',
    retired: ['qtm', 'qtms', 'qtmId', 'qtmIds', 'questionMapId', 'questionMapIds', 'taskQuestionId', 'taskQuestionIds', 'placementId'],
  },
  {
    row: "a student's sitting of a test",
    name: 'attempt',
    retired: ['testSession', 'testSessions', 'testSessionId', 'testSessionIds', 'examSession', 'examSessions', 'examSessionId', 'sitting', 'sittings', 'sittingId'],
  },
];

/**
 * Where a retired name still stands for a column: the runs table's `test_session_id`, whose drizzle
 * property mirrors the column (its schema and the runner's reads and insert). Exact counts, so a
 * new use in these files fails too.
 */
const COLUMN_PROPERTIES: Record<string, Record<string, number>> = {
  testSessionId: { 'apps/server/src/db/schema/runner.ts': 1, 'apps/server/src/modules/runner/runner.service.ts': 3 },
};

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sources(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every identifier of a TypeScript source, with how often it occurs; comments and string text are not identifiers. */
function identifiers(fileName: string, text: string): Map<string, number> {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return counts;
}

const files = SOURCE_DIRS.flatMap((dir) => sources(path.join(ROOT, dir)))
  .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
  .filter((file) => file !== THIS_FILE)
  .map((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return { file, text, names: identifiers(file, text) };
  });

/** The glossary's rows: the concept, then its cells (wire, code, table). */
function glossary(): Map<string, string[]> {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const section = doc.split(/^## Glossary$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.startsWith('|---')) continue;
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

describe('glossary: one internal name per concept', () => {
  it('reads identifiers, not comments or string text', () => {
    const names = identifiers('probe.ts', "// qtm\nconst qtm = 1;\nconst sql = `SELECT x.qtm`;\nconst row = { mapId: qtm, 'sitting': 2 };\n");
    expect(names.get('qtm')).toBe(2);
    expect(names.get('mapId')).toBe(1);
    expect(names.has('sitting')).toBe(false);
    expect(identifiers('probe.tsx', 'export const A = ({ qtm }: { qtm: number }) => <b data-x={qtm}>qtm</b>;').get('qtm')).toBe(3);
  });

  it('scans the sources of every workspace, where each concept goes by its name', () => {
    expect(files.length).toBeGreaterThan(1000);
    expect(fs.existsSync(path.join(ROOT, THIS_FILE))).toBe(true);
    for (const dir of SOURCE_DIRS) expect(files.some((f) => f.file.startsWith(`${dir}/`)), dir).toBe(true);
    for (const concept of CONCEPTS) {
      const using = files.filter((f) => f.names.has(concept.name));
      expect(using.length, concept.name).toBeGreaterThan(20);
    }
  });

  it('no identifier goes by a retired name', () => {
    const offenders: string[] = [];
    for (const { file, names } of files) {
      for (const concept of CONCEPTS) {
        for (const retired of concept.retired) {
          const count = names.get(retired) ?? 0;
          const allowed = COLUMN_PROPERTIES[retired]?.[file] ?? 0;
          if (count !== allowed) offenders.push(`${file}: ${retired} ×${count}${allowed ? ` (the column's property: ${allowed})` : ''}, call it ${concept.name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('`qtm` is gone from the text too, SQL aliases and keys included (SQL says map_id)', () => {
    expect(files.filter((f) => /\bqtm\b/i.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it("the glossary names each concept's one name in the code, and none of its retired ones", () => {
    const rows = glossary();
    expect(rows.size).toBeGreaterThan(5);
    for (const concept of CONCEPTS) {
      const code = rows.get(concept.row)?.[1];
      expect(code, concept.row).toContain(`\`${concept.name}\``);
      expect(code).not.toMatch(/older code/);
      for (const retired of concept.retired) expect(code).not.toContain(`\`${retired}\``);
    }
  });
});
