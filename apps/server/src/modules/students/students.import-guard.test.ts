import { describe, expect, it } from 'vitest';
import { countLoopTurns } from '../../../test/loop-turns.js';
import { CHECK_BATCH, checkRoster, readRoster, ROSTER_INLINE_MAX_BYTES, type CsvPlaces } from './students.csv.js';

/**
 * A roster of 10,000 rows (the most a file may hold) is read without stalling other requests:
 * parsed in a worker thread, checked a few hundred rows between two turns of the event loop.
 * (The service's lookups of taken usernames are the database's: out of process on PostgreSQL.)
 */
describe('a roster of 10,000 rows', () => {
  it('is parsed in a worker thread and checked a few hundred rows at a time: the event loop stays responsive', async () => {
    const rows = ['username,firstName,lastName,email,phone,dob,class,section,language'];
    for (let i = 0; i < 10_000; i++) rows.push(`bulk.${i},First${i},Last${i},bulk${i}@example.com,,01-01-2008,12,A,en`);
    const file = Buffer.from(rows.join('\n'));
    expect(file.length).toBeGreaterThan(ROSTER_INLINE_MAX_BYTES);
    const places: CsvPlaces = {
      institutes: new Map([[1, { clientId: 'neetprep', classes: new Map([['12', { id: 7, name: '12', sections: new Map([['a', { id: 9, name: 'A' }]]) }]]) }]]),
      defaultInstituteId: 1,
    };

    // Other requests get their turn: the loop turns while the file is parsed (in a worker) and
    // while it is checked (a batch of rows a turn); held on this thread, it would not turn at all.
    const loop = countLoopTurns();
    const parsed = await readRoster(file, 'en');
    const turnsWhileParsing = loop.turns;
    const checked = await checkRoster(parsed, places, { usernames: new Set(['bulk.5']), emails: new Set(), phones: new Set() }, '2026-11-28', 'en');
    const turnsWhileChecking = loop.turns - turnsWhileParsing;
    loop.stop();
    expect(parsed.rows).toHaveLength(10_000);
    expect(checked.students).toHaveLength(9_999);
    expect(checked.errors).toEqual([{ row: 7, column: 'username', message: expect.any(String) }]);
    expect(turnsWhileParsing).toBeGreaterThan(10);
    expect(turnsWhileChecking).toBeGreaterThanOrEqual(Math.floor(10_000 / CHECK_BATCH) - 1);
  }, 120_000);
});
