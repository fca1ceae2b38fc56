import { and, eq, inArray } from 'drizzle-orm';
import { MENUS } from '@app/contracts';
import type { AppDeps } from '../../deps.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { classes, institutes, languages, parentInfo, parentLinks, sections, states, teacherPermissions, users } from '../schema/index.js';

export const DEMO_PASSWORD = 'Demo@1234';

/**
 * `count` hashes of the demo password, one per account, each with a salt of its own (one hash
 * shared by every account would show that they share a password). Four at a time, the thread
 * pool's size: a couple of hundred take a few seconds, once, on the first start.
 */
export function demoPasswordHashes(count: number, memoryKiB: number): Promise<string[]> {
  const hasher = createPasswordHasher({ memoryKiB, concurrency: 4 });
  return Promise.all(Array.from({ length: count }, () => hasher.hash(DEMO_PASSWORD)));
}

export const DEMO_ACCOUNTS = [
  { username: 'student', email: 'student@demo.neetprep.local', role: 'Student', firstName: 'Priya', lastName: 'Raman', phone: '9000000001' },
  { username: 'schoolstudent', email: 'schoolstudent@demo.neetprep.local', role: 'SchoolStudent', firstName: 'Arun', lastName: 'Kumar', phone: '9000000002' },
  { username: 'teacher', email: 'teacher@neetprep.edu', role: 'Teacher', firstName: 'Lakshmi', lastName: 'Iyer', phone: '9000000003' },
  { username: 'schoolteacher', email: 'schoolteacher@neetprep.edu', role: 'SchoolTeacher', firstName: 'Kavitha', lastName: 'Sundaram', phone: '9000000007' },
  { username: 'clientadmin', email: 'clientadmin@neetprep.edu', role: 'ClientAdmin', firstName: 'Suresh', lastName: 'Babu', phone: '9000000004' },
  { username: 'instituteadmin', email: 'instituteadmin@neetprep.edu', role: 'InstituteAdmin', firstName: 'Revathi', lastName: 'Natarajan', phone: '9000000008' },
  { username: 'institution', email: 'institution@demo.neetprep.local', role: 'Institution', firstName: 'Sunrise', lastName: 'Academy', phone: '9000000005' },
  { username: 'parent', email: 'parent@example.com', role: 'Parent', firstName: 'Meena', lastName: 'Raman', phone: '9000000006' },
] as const;

type DemoUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

/** Where each demo account studies or works; filled in only where the profile is still empty. */
const DEMO_PROFILES: Record<DemoUsername, { institute: string; className?: string; section?: string; language: string; city: string; dob?: string; address: string }> = {
  student: { institute: 'Sunrise Academy', className: '12', section: 'A', language: 'en', city: 'Coimbatore', dob: '2008-04-12', address: '14 Race Course Road, Coimbatore 641018' },
  schoolstudent: { institute: 'Kaveri Higher Secondary School', className: '11', section: 'B', language: 'tn', city: 'Chennai', dob: '2009-08-23', address: '22 Anna Salai, Chennai 600002' },
  teacher: { institute: 'Sunrise Academy', language: 'en', city: 'Coimbatore', address: 'Sunrise Academy, Avinashi Road, Coimbatore 641014' },
  schoolteacher: { institute: 'Kaveri Higher Secondary School', language: 'tn', city: 'Chennai', address: 'Kaveri Higher Secondary School, Chennai 600002' },
  clientadmin: { institute: 'Sunrise Academy', language: 'en', city: 'Coimbatore', address: 'Sunrise Academy, Avinashi Road, Coimbatore 641014' },
  instituteadmin: { institute: 'Sunrise Academy', language: 'en', city: 'Coimbatore', address: 'Sunrise Academy, Avinashi Road, Coimbatore 641014' },
  institution: { institute: 'Sunrise Academy', language: 'en', city: 'Coimbatore', address: 'Avinashi Road, Coimbatore 641014' },
  parent: { institute: 'Sunrise Academy', language: 'en', city: 'Coimbatore', address: '14 Race Course Road, Coimbatore 641018' },
};

export async function seedAccounts({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  const existing = await db.select({ username: users.username }).from(users).where(inArray(users.username, DEMO_ACCOUNTS.map((a) => a.username)));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.some((row) => row.username === account.username));
  const hashes = await demoPasswordHashes(missing.length, config.PASSWORD_HASH_MEMORY_KIB);
  for (const [i, account] of missing.entries()) {
    await db.insert(users).values({ ...account, passwordHash: hashes[i]!, emailVerified: true });
  }
  await completeProfiles(db);
  await linkDemoParent(db);
  await grantStaffTabs(db);
}

async function completeProfiles(db: AppDeps['db']): Promise<void> {
  const [tamilNadu] = await db.select({ id: states.id }).from(states).where(eq(states.code, 'TN')).limit(1);
  if (!tamilNadu) return;
  for (const [username, profile] of Object.entries(DEMO_PROFILES)) {
    const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
    if (!user || user.instituteId !== null) continue;
    const [institute] = await db.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, profile.institute)).limit(1);
    const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.code, profile.language)).limit(1);
    if (!institute || !language) continue;
    const [cls] = profile.className
      ? await db
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.instituteId, institute.id), eq(classes.name, profile.className)))
          .limit(1)
      : [];
    const [section] =
      cls && profile.section
        ? await db
            .select({ id: sections.id })
            .from(sections)
            .where(and(eq(sections.classId, cls.id), eq(sections.name, profile.section)))
            .limit(1)
        : [];
    await db
      .update(users)
      .set({
        instituteId: institute.id,
        classId: cls?.id ?? null,
        sectionId: section?.id ?? null,
        stateId: tamilNadu.id,
        city: profile.city,
        address: profile.address,
        languageId: language.id,
        dob: profile.dob ?? null,
        registeredAt: user.role === 'Student' || user.role === 'SchoolStudent' ? new Date() : null,
      })
      .where(eq(users.id, user.id));
  }
}

/** The demo parent follows the demo student, whose Parents Info names her. */
async function linkDemoParent(db: AppDeps['db']): Promise<void> {
  const rows = await db.select().from(users).where(inArray(users.username, ['parent', 'student']));
  const parent = rows.find((r) => r.username === 'parent');
  const student = rows.find((r) => r.username === 'student');
  if (!parent || !student) return;
  await db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: student.id }).onConflictDoNothing();
  await db
    .insert(parentInfo)
    .values({
      studentUserId: student.id,
      parentName: `${parent.firstName} ${parent.lastName}`.trim(),
      guardian1: `${parent.firstName} ${parent.lastName}`.trim(),
      guardian2: null,
      email: parent.email!,
      phone: parent.phone!,
      phoneVerifiedAt: new Date(),
      updatedAt: new Date(),
    })
    .onConflictDoNothing();
}

/** The demo teachers and admins may open every tab of their menu (admins: Role Configuration too). */
async function grantStaffTabs(db: AppDeps['db']): Promise<void> {
  const staff = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(inArray(users.username, ['teacher', 'schoolteacher', 'clientadmin', 'instituteadmin']));
  for (const user of staff) {
    const tabs = (MENUS[user.role as keyof typeof MENUS] ?? MENUS.SchoolTeacher)
      .filter((item) => item.tabName)
      .map((item, index) => ({ tabName: item.tabName!, url: item.url, sortOrder: index }));
    await db
      .insert(teacherPermissions)
      .values(tabs.map((tab) => ({ ...tab, userId: user.id })))
      .onConflictDoNothing();
  }
}
