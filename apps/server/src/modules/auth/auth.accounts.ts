import type { Db } from '../../db/client.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { AccountChanges, AuthRepository, NewUserRow } from './auth.repository.js';

/**
 * The account writes other modules ask for (decision 093): accounts made by a roster import, a
 * parent invitation or the first set-up, profile changes, and parent links. Auth owns the accounts
 * tables; the operations that take `q` write in the caller's transaction, beside its own rows and audit.
 */
export function createAccounts(deps: { repo: AuthRepository; passwords: PasswordHasher }) {
  const { repo, passwords } = deps;

  return {
    /** New accounts, in batches; their ids, in order. */
    create: (q: Db, rows: NewUserRow[]): Promise<number[]> => repo.insertAccounts(q, rows),

    update: (q: Db, userId: number, values: AccountChanges): Promise<void> => repo.updateAccount(q, userId, values),

    /** The parent now follows the student; false when it did already. */
    linkParent: (q: Db, parentUserId: number, studentUserId: number): Promise<boolean> => repo.insertParentLink(q, parentUserId, studentUserId),

    /** The parent no longer follows the student; false when it did not. */
    unlinkParent: (q: Db, parentUserId: number, studentUserId: number): Promise<boolean> => repo.deleteParentLink(q, parentUserId, studentUserId),

    /** Whether an active account among these username and e-mail pairs signs in with the password; stops at the first. */
    async anySignsInWith(accounts: ReadonlyArray<{ username: string; email: string }>, password: string): Promise<boolean> {
      for (const hash of await repo.activeHashesOf(accounts)) {
        if (await passwords.verify(password, hash)) return true;
      }
      return false;
    },
  };
}
export type Accounts = ReturnType<typeof createAccounts>;
