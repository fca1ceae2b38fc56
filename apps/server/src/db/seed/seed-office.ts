import { OFFICE_CONTENT_TYPES } from '@app/contracts';
import type { AppDeps } from '../../deps.js';
import type { FileStore } from '../../lib/file-store/index.js';
import { DEMO_OFFICE_TASKS, demoFileKey, demoOfficeFiles, type DemoOfficeTask } from '../../modules/office/office.demo.js';
import type { DemoQuestion } from './seed-academy-content.js';

/**
 * The demo office questions' files in the file store (start and solution, made in code), and the
 * questions' startFileUrl, solution and rubric pointing at them. Files missing from the store are
 * made again on any start, so a fresh uploads folder beside an old database still works.
 */

/** Whether the store has the file (its stream closed at once). */
async function exists(store: FileStore, key: string): Promise<boolean> {
  const file = await store.get(key);
  file?.stream.destroy();
  return !!file;
}

async function storeTask(store: FileStore, task: DemoOfficeTask, force: boolean): Promise<string | null> {
  const startKey = demoFileKey(task, 'start');
  const solutionKey = demoFileKey(task, 'solution');
  if (!force && (await exists(store, startKey)) && (await exists(store, solutionKey))) return null;
  const files = await demoOfficeFiles(task);
  const contentType = OFFICE_CONTENT_TYPES[task.kind];
  await store.put(startKey, files.start, { contentType });
  await store.put(solutionKey, files.solution, { contentType });
  return files.rubric;
}

/** The demo questions with their office files filled in (stored now when a store is given). */
export async function withOfficeFiles(questions: DemoQuestion[], store: FileStore | undefined): Promise<DemoQuestion[]> {
  const out: DemoQuestion[] = [];
  for (const q of questions) {
    const task = q.office ? DEMO_OFFICE_TASKS[q.office] : undefined;
    if (!task) {
      out.push(q);
      continue;
    }
    const rubric = store ? await storeTask(store, task, true) : (await demoOfficeFiles(task)).rubric;
    out.push({ ...q, startFileUrl: demoFileKey(task, 'start'), solution: demoFileKey(task, 'solution'), rubric: rubric ?? undefined });
  }
  return out;
}

/** Puts back any demo office file missing from the store (cheap when all are there). */
export async function seedOfficeFiles(deps: Pick<AppDeps, 'fileStore'>): Promise<void> {
  for (const task of Object.values(DEMO_OFFICE_TASKS)) await storeTask(deps.fileStore, task, false);
}
