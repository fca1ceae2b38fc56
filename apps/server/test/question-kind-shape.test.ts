import fs from 'node:fs';
import path from 'node:path';
import { QUESTION_TYPES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './server-process.js';

/**
 * The shape of the question kinds (issue: question kinds as plugins): a kind lives in its folder
 * under `question-kinds/` in each workspace and in one line of each registry. Outside those, no
 * code names a kind. The files that still do are listed below, each with why; a new file that
 * names a kind fails this test (move the behaviour into the kind's folder), and a listed file that
 * no longer names one fails it too (take it off the list), so the list only shrinks.
 *
 * "Names a kind": the unambiguous kind ids as strings ('singleChoice', 'multipleChoice',
 * 'comprehensive'), `case '<kind>'`, or a comparison of a type or kind with any kind id.
 */
const STILL_NAMING_A_KIND: Record<string, string> = {
  'apps/server/src/db/seed/seed-academy-content.ts': 'demo data: questions of each kind',
  'apps/server/src/db/seed/seed-academy.ts': 'demo data: questions of each kind',
  'apps/server/src/db/seed/seed-exam-room.ts': 'demo data: questions of each kind',
  'apps/server/src/modules/academy/manage/academy.manage.service.ts': 'Content Management creates single-choice questions for lessons',
  'apps/server/src/modules/academy/package/academy.package.service.ts': 'the course package format names its question kinds',
  'apps/server/src/modules/question-bank/formats/examples.ts': "the import template's example question of each kind",
  'apps/server/src/modules/question-bank/formats/aiken.ts': "Aiken's parser chooses the kind from the file (not yet through each kind's mapping)",
  'apps/server/src/modules/question-bank/formats/gift.ts': "GIFT's parser chooses the kind from the file (not yet through each kind's mapping)",
  'apps/server/src/modules/question-bank/formats/moodle-xml.ts': "Moodle XML's parser chooses the kind from the file (not yet through each kind's mapping)",
  'apps/server/src/modules/question-bank/formats/index.ts': 'the formats share the choice of kind for a parsed item',
  'apps/server/src/modules/question-bank/question-bank.records.ts': 'seeded and test questions written without a kind are single choice',
  'apps/server/src/modules/office/office.evaluate.ts': 'the office evaluator picks the spreadsheet, document or slides reader',
  'apps/server/src/modules/office/office.doc-checks.ts': 'the office evaluator picks the spreadsheet, document or slides reader',
  'apps/web/src/features/office/components/office-question-panel.tsx': 'the built-in spreadsheet editor for xlsx only',
  'apps/web/src/features/office/components/question-drawer.tsx': 'the built-in spreadsheet editor for xlsx only',
  'apps/web/src/features/office/components/solution-view.tsx': 'the built-in spreadsheet editor for xlsx only',
  'apps/web/src/features/office/hooks/use-office-evaluation.ts': 'the result rule of xlsx evaluations',
};

const ROOT = path.resolve(SERVER_DIR, '../..');
const SOURCE_ROOTS = ['packages/contracts/src', 'apps/server/src', 'apps/web/src'];
const ids = QUESTION_TYPES.join('|');
const NAMES_A_KIND = [
  /['"`](singleChoice|multipleChoice|comprehensive)['"`]/,
  new RegExp(`case ['"](${ids})['"]`),
  new RegExp(`(questionType|QuestionType|kind|type)\\)?\\s*[!=]==\\s*['"](${ids})['"]`),
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'question-kinds' || entry.name === 'test' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('the question kinds keep their shape', () => {
  const naming = SOURCE_ROOTS.flatMap(sourceFiles).filter((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return NAMES_A_KIND.some((pattern) => pattern.test(text));
  });

  it('finds the files it lists, so that the scan itself works', () => {
    expect(naming.length).toBeGreaterThan(0);
  });

  it('names a kind nowhere outside the registries but in the listed files', () => {
    expect(naming.filter((file) => !(file in STILL_NAMING_A_KIND)), 'move this behaviour into the kind folders').toEqual([]);
  });

  it('lists only files that still name a kind', () => {
    expect(Object.keys(STILL_NAMING_A_KIND).filter((file) => !naming.includes(file)), 'take these off the list').toEqual([]);
  });
});
