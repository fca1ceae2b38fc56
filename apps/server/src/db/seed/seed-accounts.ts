import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { hashPassword } from '../../lib/passwords.js';
import { users } from '../schema/index.js';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { username: 'student', email: 'student@demo.neetprep.local', role: 'Student', firstName: 'Priya', lastName: 'Raman', phone: '9000000001' },
  { username: 'schoolstudent', email: 'schoolstudent@demo.neetprep.local', role: 'SchoolStudent', firstName: 'Arun', lastName: 'Kumar', phone: '9000000002' },
  { username: 'teacher', email: 'teacher@neetprep.edu', role: 'SchoolTeacher', firstName: 'Lakshmi', lastName: 'Iyer', phone: '9000000003' },
  { username: 'admin', email: 'admin@neetprep.edu', role: 'ClientAdmin', firstName: 'Suresh', lastName: 'Babu', phone: '9000000004' },
  { username: 'institution', email: 'institution@demo.neetprep.local', role: 'Institution', firstName: 'Sunrise', lastName: 'Academy', phone: '9000000005' },
  { username: 'parent', email: 'parent@demo.neetprep.local', role: 'Parent', firstName: 'Meena', lastName: 'Raman', phone: '9000000006' },
] as const;

export async function seedAccounts({ db }: AppDeps): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, account.username)).limit(1);
    if (existing) continue;
    await db.insert(users).values({ ...account, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerified: true });
  }
}
