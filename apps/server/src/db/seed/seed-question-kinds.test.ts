import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { questions, questionVersions, questionVersionTexts } from '../schema/index.js';
import { seedDemoData } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
}, 180_000);
afterAll(async () => t.close());

it('the demo bank holds a few questions of each newer kind, each in English and Tamil, JEE Advanced marking included', async () => {
  const rows = await t.deps.db
    .select({ id: questions.id, type: questions.questionType, settings: questionVersions.settings, language: questionVersionTexts.language })
    .from(questions)
    .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
    .innerJoin(questionVersionTexts, eq(questionVersionTexts.versionId, questionVersions.id));
  const languagesOf = new Map<number, { kind: string; languages: Set<string> }>();
  for (const row of rows) {
    const kind = row.type === 'multipleChoice' && row.settings.marking === 'jee-advanced' ? 'multipleChoice/jee-advanced' : row.type;
    const entry = languagesOf.get(row.id) ?? { kind, languages: new Set<string>() };
    entry.languages.add(row.language);
    languagesOf.set(row.id, entry);
  }
  for (const kind of ['multipleChoice/jee-advanced', 'numerical', 'matching', 'assertionReason', 'ordering']) {
    const bilingual = [...languagesOf.values()].filter((q) => q.kind === kind && q.languages.has('en') && q.languages.has('tn'));
    expect(bilingual.length, kind).toBeGreaterThanOrEqual(2);
  }
}, 180_000);
