import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { campusDepartments, classes, institutes, languages, sections, states } from '../schema/index.js';

/** The 28 states and 8 union territories of India (ISO 3166-2:IN codes). */
export const INDIAN_STATES = [
  ['AP', 'Andhra Pradesh', 'state'], ['AR', 'Arunachal Pradesh', 'state'], ['AS', 'Assam', 'state'],
  ['BR', 'Bihar', 'state'], ['CT', 'Chhattisgarh', 'state'], ['GA', 'Goa', 'state'], ['GJ', 'Gujarat', 'state'],
  ['HR', 'Haryana', 'state'], ['HP', 'Himachal Pradesh', 'state'], ['JH', 'Jharkhand', 'state'],
  ['KA', 'Karnataka', 'state'], ['KL', 'Kerala', 'state'], ['MP', 'Madhya Pradesh', 'state'],
  ['MH', 'Maharashtra', 'state'], ['MN', 'Manipur', 'state'], ['ML', 'Meghalaya', 'state'], ['MZ', 'Mizoram', 'state'],
  ['NL', 'Nagaland', 'state'], ['OR', 'Odisha', 'state'], ['PB', 'Punjab', 'state'], ['RJ', 'Rajasthan', 'state'],
  ['SK', 'Sikkim', 'state'], ['TN', 'Tamil Nadu', 'state'], ['TG', 'Telangana', 'state'], ['TR', 'Tripura', 'state'],
  ['UP', 'Uttar Pradesh', 'state'], ['UT', 'Uttarakhand', 'state'], ['WB', 'West Bengal', 'state'],
  ['AN', 'Andaman and Nicobar Islands', 'union territory'], ['CH', 'Chandigarh', 'union territory'],
  ['DH', 'Dadra and Nagar Haveli and Daman and Diu', 'union territory'], ['DL', 'Delhi', 'union territory'],
  ['JK', 'Jammu and Kashmir', 'union territory'], ['LA', 'Ladakh', 'union territory'],
  ['LD', 'Lakshadweep', 'union territory'], ['PY', 'Puducherry', 'union territory'],
] as const;

export const LANGUAGES = [
  ['en', 'English'],
  ['tn', 'Tamil'],
] as const;

/** A square logo with the institution's initials, inline so the demo needs no files. */
function initialsLogo(initials: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="${color}"/><text x="48" y="60" font-family="Arial, sans-serif" font-size="36" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export const DEMO_INSTITUTES = [
  {
    name: 'Sunrise Academy',
    city: 'Coimbatore',
    logoUrl: initialsLogo('SA', '#e65100'),
    welcomeMessage:
      '<h3>Welcome to Sunrise Academy</h3><p>Your NEET preparation continues today. Check <b>this week\'s test schedule</b> and revise your notes before Friday.</p>',
  },
  {
    name: 'Kaveri Higher Secondary School',
    city: 'Chennai',
    isSchool: true,
    logoUrl: initialsLogo('KH', '#1565c0'),
    welcomeMessage:
      '<h3>வணக்கம்!</h3><p>Welcome to Kaveri Higher Secondary School. <i>Practice one full test every week.</i></p>',
  },
  {
    name: 'Nilgiri Matriculation School',
    city: 'Coimbatore',
    isSchool: true,
    logoUrl: initialsLogo('NM', '#2e7d32'),
    welcomeMessage: null,
  },
] as const;

export const DEMO_CLASSES = ['11', '12'] as const;
export const DEMO_SECTIONS = ['A', 'B', 'C'] as const;

export const CAMPUS_DEPARTMENTS = [
  ['Coimbatore Campus', 'Life Sciences', ['B.Sc. Zoology', 'B.Sc. Botany', 'B.Sc. Microbiology']],
  ['Coimbatore Campus', 'Physical Sciences', ['B.Sc. Physics', 'B.Sc. Chemistry']],
  ['Coimbatore Campus', 'Nursing', ['B.Sc. Nursing']],
  ['Chennai Campus', 'Life Sciences', ['B.Sc. Zoology', 'B.Sc. Biotechnology']],
  ['Chennai Campus', 'Pharmacy', ['B.Pharm', 'D.Pharm']],
  ['Chennai Campus', 'Allied Health Sciences', ['B.Sc. Medical Laboratory Technology', 'B.Sc. Radiology']],
] as const;

/** Reference data every installation needs, with or without demo data (every start); idempotent. */
export async function seedReferenceData({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  await db
    .insert(states)
    .values(INDIAN_STATES.map(([code, name, kind]) => ({ code, name, kind })))
    .onConflictDoNothing();
  await db
    .insert(languages)
    .values(LANGUAGES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(campusDepartments)
    .values(CAMPUS_DEPARTMENTS.map(([campus, department, degrees]) => ({ campus, department, degrees: [...degrees] })))
    .onConflictDoNothing();
}

/** The reference data and the demo institutes with their classes and sections; idempotent. */
export async function seedLookups({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  await seedReferenceData({ db });
  await db
    .insert(institutes)
    .values(DEMO_INSTITUTES.map((i) => ({ ...i })))
    .onConflictDoNothing();
  const demoInstitutes = await db
    .select({ id: institutes.id })
    .from(institutes)
    .where(inArray(institutes.name, DEMO_INSTITUTES.map((i) => i.name)));
  const demoIds = demoInstitutes.map((row) => row.id);
  for (const instituteId of demoIds) {
    await db
      .insert(classes)
      .values(DEMO_CLASSES.map((name) => ({ instituteId, name })))
      .onConflictDoNothing();
  }
  const classRows = await db.select({ id: classes.id }).from(classes).where(inArray(classes.instituteId, demoIds));
  for (const cls of classRows) {
    await db
      .insert(sections)
      .values(DEMO_SECTIONS.map((name) => ({ classId: cls.id, name })))
      .onConflictDoNothing();
  }
}
