import { createHash } from 'node:crypto';
import type { ExamStatistics } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import type { TaskBundle } from '../../academy/student/academy.student.exam-content.js';

/** Statistics kept per process: a few tests' reports, each as seen by a few different reaches. */
const STATISTICS_CACHE_ENTRIES = 16;

/**
 * Exam statistics computed once per state of their inputs (decision 058). The key is a digest of
 * everything the figures are made of: the test as loaded (task, sections, questions at their
 * versions), each reached first attempt with its row version (`xmin`, changed by every close,
 * mark and regrade in any process) and the students' names. A change to any of them is a new key,
 * so nothing has to be told to forget, and each server process keeps its own copy.
 */
export function createStatisticsCache() {
  const kept = new LRUCache<string, ExamStatistics>({ max: STATISTICS_CACHE_ENTRIES });
  // A cached bundle's questions are one shared array: digested once.
  const questionDigests = new WeakMap<TaskBundle['maps'], string>();
  const questionsDigest = (bundle: TaskBundle) => {
    let digest = questionDigests.get(bundle.maps);
    if (digest === undefined) {
      digest = createHash('sha256').update(JSON.stringify([bundle.sections, bundle.maps])).digest('base64');
      questionDigests.set(bundle.maps, digest);
    }
    return digest;
  };

  return {
    keyOf(bundle: TaskBundle, attempts: ReadonlyArray<{ attemptId: string; version: string }>, names: ReadonlyMap<number, { displayName: string; username: string }>): string {
      const hash = createHash('sha256').update(JSON.stringify(bundle.task)).update(questionsDigest(bundle));
      hash.update(
        attempts
          .map((a) => `${a.attemptId}@${a.version}`)
          .sort()
          .join('\n'),
      );
      for (const [userId, name] of [...names].sort((a, b) => a[0] - b[0])) hash.update(`\n${userId}\u0000${name.displayName}\u0000${name.username}`);
      return `${bundle.task.id}:${hash.digest('base64')}`;
    },
    get: (key: string) => kept.get(key),
    set: (key: string, statistics: ExamStatistics) => void kept.set(key, statistics),
  };
}
