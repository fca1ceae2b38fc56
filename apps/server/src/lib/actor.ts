import type { Role } from '@app/contracts';

/** The signed-in user on whose behalf a service acts. Services take it first. */
export interface Actor {
  userId: number;
  role: Role;
  sessionId: string;
  email: string | null;
  username: string;
}
