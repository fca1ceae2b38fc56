import { and, eq, inArray, like } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { classes, institutes, languages, sections, staffClassAssignments, users } from '../schema/index.js';
import { demoPasswordHashes } from './seed-accounts.js';

/** Students of the demo institute's roster (Student Configuration), spread over its classes and sections. */
export const DEMO_ROSTER_SIZE = 200;
const DEMO_INSTITUTES = ['Sunrise Academy', 'Kaveri Higher Secondary School'] as const;

const FIRST_NAMES = ['Aarthi', 'Bharath', 'Chitra', 'Dinesh', 'Eswari', 'Farhan', 'Gowri', 'Hari', 'Indhu', 'Jeeva', 'Kavya', 'Lokesh', 'Madhu', 'Naveen', 'Oviya', 'Pranav', 'Revathi', 'Sanjay', 'Tharani', 'Vignesh'];
const LAST_NAMES = ['Anand', 'Balaji', 'Chandran', 'Devi', 'Ganesan', 'Kannan', 'Murugan', 'Natarajan', 'Raja', 'Subramanian'];

/**
 * The demo roster: 200 students in Sunrise Academy over classes 11–12 and sections A–C, and one
 * class teacher per class in both demo institutes (staff_class_assignments). Idempotent (rows
 * that exist are kept) and fast: bulk inserts, and the accounts' password hashes (one each) computed a few at a time.
 */
export async function seedStudents({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  const instituteRows = await db.select({ id: institutes.id, name: institutes.name, clientId: institutes.clientId }).from(institutes).where(inArray(institutes.name, [...DEMO_INSTITUTES]));
  if (instituteRows.length === 0) return;
  const classRows = await db.select().from(classes).where(inArray(classes.instituteId, instituteRows.map((i) => i.id)));
  const sectionRows = classRows.length ? await db.select().from(sections).where(inArray(sections.classId, classRows.map((c) => c.id))) : [];
  const languageRows = await db.select().from(languages);
  const languageId = (code: string) => languageRows.find((l) => l.code === code)?.id ?? null;

  const existing = await db.select({ id: users.id }).from(users).where(like(users.username, 'sunrise.%'));
  const existingTeachers = await db.select({ id: users.id }).from(users).where(like(users.username, 'classteacher.%'));
  if (existing.length >= DEMO_ROSTER_SIZE && existingTeachers.length >= classRows.length) return;
  const [teacherHashes, rosterHashes] = await Promise.all([
    demoPasswordHashes(classRows.length, config.PASSWORD_HASH_MEMORY_KIB),
    demoPasswordHashes(existing.length >= DEMO_ROSTER_SIZE ? 0 : DEMO_ROSTER_SIZE, config.PASSWORD_HASH_MEMORY_KIB),
  ]);

  const sunrise = instituteRows.find((i) => i.name === 'Sunrise Academy');
  const places = sunrise
    ? classRows
        .filter((c) => c.instituteId === sunrise.id)
        .flatMap((c) => sectionRows.filter((s) => s.classId === c.id).map((s) => ({ classId: c.id, sectionId: s.id })))
    : [];
  if (sunrise && places.length && rosterHashes.length) {
    const roster = Array.from({ length: DEMO_ROSTER_SIZE }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      const place = places[i % places.length]!;
      return {
        username: `sunrise.s${n}`,
        email: `s${n}@sunrise.demo.neetprep.local`,
        phone: `91000${String(i + 1).padStart(5, '0')}`,
        role: 'Student',
        firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
        lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!,
        passwordHash: rosterHashes[i]!,
        clientId: sunrise.clientId,
        instituteId: sunrise.id,
        classId: place.classId,
        sectionId: place.sectionId,
        languageId: languageId(i % 4 === 3 ? 'tn' : 'en'),
        emailVerified: true,
        registeredAt: new Date(),
      };
    });
    await db.insert(users).values(roster).onConflictDoNothing();
  }

  // One class teacher per class, reaching only that class.
  for (const institute of instituteRows) {
    const prefix = institute.name === 'Sunrise Academy' ? 'sunrise' : 'kaveri';
    for (const cls of classRows.filter((c) => c.instituteId === institute.id)) {
      const username = `classteacher.${prefix}${cls.name.toLowerCase()}`;
      await db
        .insert(users)
        .values({
          username,
          email: `${username}@neetprep.edu`,
          role: institute.name === 'Sunrise Academy' ? 'Teacher' : 'SchoolTeacher',
          firstName: 'Class',
          lastName: `Teacher ${cls.name}`,
          passwordHash: teacherHashes.pop()!,
          clientId: institute.clientId,
          instituteId: institute.id,
          languageId: languageId('en'),
          emailVerified: true,
        })
        .onConflictDoNothing();
      const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      if (!teacher) continue;
      const [assigned] = await db
        .select({ id: staffClassAssignments.id })
        .from(staffClassAssignments)
        .where(and(eq(staffClassAssignments.userId, teacher.id), eq(staffClassAssignments.classId, cls.id)))
        .limit(1);
      if (!assigned) await db.insert(staffClassAssignments).values({ userId: teacher.id, classId: cls.id, sectionId: null });
    }
  }
}
