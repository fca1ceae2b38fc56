import pLimit from 'p-limit';

/**
 * Spreadsheet and roster imports parse in worker threads, one at a time per process: each parse
 * takes a core for seconds, and on a two-core server three at once left the students' saves a p99
 * of 171 ms (one at a time: 69 ms; bench/saves-during-import.ts). Further uploads wait their turn;
 * each one's time limit starts when its parse does.
 */
export const importWorkerSlot = pLimit(1);
