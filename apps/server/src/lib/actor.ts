import type { Permission, Role } from '@app/contracts';

/** A class (and, when set, one of its sections) a staff user teaches. */
export interface ClassAssignment {
  classId: number;
  /** null: every section of the class. */
  sectionId: number | null;
}

/**
 * Where a user belongs: loaded with the session in one query (auth `resolveToken`) and cached
 * with it, so that every policy check is a plain comparison.
 */
export interface ActorScope {
  /** The client (tenant) of the account. */
  clientId: string;
  instituteId: number | null;
  /** A student's class and section. */
  classId: number | null;
  sectionId: number | null;
  /** Staff: the classes taught; empty means the whole institute. */
  classes: readonly ClassAssignment[];
  /** Parent: the students linked to the account. */
  children: readonly number[];
  /** The actions the role holds in the client (role_permissions), narrowed per user when configured. */
  permissions: ReadonlySet<Permission>;
}

/** The signed-in user on whose behalf a service acts. Services take it first. */
export interface Actor extends ActorScope {
  userId: number;
  role: Role;
  sessionId: string;
  email: string | null;
  username: string;
  /** A temporary password is in use: only PASSWORD_CHANGE_PATHS answer until it is changed. */
  mustChangePassword?: boolean;
}

/**
 * An actor with an empty scope and no permissions: it reaches only its own records. For work done
 * on a user's behalf outside a request (a queued code run records its own answer) and for tests.
 */
export function bareActor(user: Pick<Actor, 'userId' | 'role'> & Partial<Pick<Actor, 'sessionId' | 'email' | 'username'>>): Actor {
  return {
    sessionId: '',
    email: null,
    username: '',
    ...user,
    clientId: '',
    instituteId: null,
    classId: null,
    sectionId: null,
    classes: [],
    children: [],
    permissions: new Set(),
  };
}
