import type { AppDeps } from '../../deps.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { seedLookups } from './seed-lookups.js';
import { seedWorkspace } from './seed-workspace.js';
import { seedAcademy } from './seed-academy.js';
import { seedSchedules } from './seed-schedules.js';
import { seedExamRoom } from './seed-exam-room.js';
import { seedStudents } from './seed-students.js';
import { seedOfficeFiles } from './seed-office.js';
import { seedDemoAttempts } from './seed-demo-attempts.js';
import { seedShiftMock } from './seed-shift-mock.js';

/**
 * Demo data, idempotent: each seeder checks what is there before it writes, so starting the
 * server again changes nothing. Order matters where one seeder uses another's rows.
 */
export async function seedDemoData(deps: AppDeps): Promise<void> {
  await seedLookups(deps);
  await seedAccounts(deps);
  await seedClients(deps);
  await seedWorkspace(deps);
  await seedAcademy(deps);
  // The demo office questions' files, put back when the store lost them.
  await seedOfficeFiles(deps);
  // After the academy and the accounts: it maps their courses and schedules their tests.
  await seedSchedules(deps);
  // Uses the academy's course and the accounts' institute.
  await seedExamRoom(deps);
  await seedStudents(deps);
  // After the roster and the NEET mock: the roster's past unit tests, scored and summarised.
  await seedDemoAttempts(deps);
  // After the unit tests: a mock sat in two shifts, and Sunrise's bank calibrated on all of them.
  await seedShiftMock(deps);
}
