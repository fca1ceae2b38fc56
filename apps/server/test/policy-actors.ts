import { DEFAULT_ROLE_PERMISSIONS, type Permission, type Role } from '@app/contracts';
import type { Actor } from '../src/lib/actor.js';
import type { StudentScope } from '../src/lib/policy.js';

/** Actors and students as plain values, for unit tests of the policy functions. */
export const PLACES = { SUNRISE: 1, KAVERI: 2, CLASS_11: 11, CLASS_12: 12, SECTION_A: 101, SECTION_B: 102 } as const;

export const STUDENTS = {
  priya: { userId: 10, clientId: 'neetprep', instituteId: PLACES.SUNRISE, classId: PLACES.CLASS_12, sectionId: PLACES.SECTION_A },
  arun: { userId: 11, clientId: 'neetprep', instituteId: PLACES.KAVERI, classId: PLACES.CLASS_11, sectionId: PLACES.SECTION_B },
  elsewhere: { userId: 12, clientId: 'other', instituteId: 3, classId: 31, sectionId: 301 },
} satisfies Record<string, StudentScope>;

/** An actor of the role at Sunrise (client neetprep) with the role's default permissions. */
export function actor(role: Role, overrides: Partial<Actor> = {}): Actor {
  return {
    userId: 1,
    role,
    sessionId: 's',
    email: null,
    username: role.toLowerCase(),
    clientId: 'neetprep',
    instituteId: PLACES.SUNRISE,
    classId: null,
    sectionId: null,
    classes: [],
    children: [],
    permissions: new Set(DEFAULT_ROLE_PERMISSIONS[role]),
    ...overrides,
  };
}

/** The role's default permissions without some. */
export const without = (role: Role, ...taken: Permission[]): Set<Permission> => new Set(DEFAULT_ROLE_PERMISSIONS[role].filter((p) => !taken.includes(p)));
