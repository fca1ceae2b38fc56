import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SET_PASSWORD_LINK_TTL_MS } from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { AuthRepository } from './auth.repository.js';
import type { SessionCache } from './session-cache.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The credential writes other modules ask for (decision 090): set-password links, temporary
 * passwords, password changes and the sessions they end. Only auth hashes a password or writes
 * one; the operations that take `q` write in the caller's transaction, beside its own rows and audit.
 */
export function createCredentials(deps: { repo: AuthRepository; clock: Clock; passwords: PasswordHasher; sessionCache: SessionCache }) {
  const { repo, clock, passwords, sessionCache } = deps;

  return {
    /** A new set-password link for each account (sent to `target`); each link's token (`<id>.<secret>`), in order. */
    async issuePasswordLinks(q: Db, accounts: Array<{ userId: number; target: string }>): Promise<string[]> {
      const tokens: string[] = [];
      const links = accounts.map(({ userId, target }) => {
        const now = clock.now();
        const id = randomUUID();
        const secret = randomBytes(32).toString('base64url');
        tokens.push(`${id}.${secret}`);
        return { id, userId, target, tokenHash: sha256(secret), createdAt: now, expiresAt: new Date(now.getTime() + SET_PASSWORD_LINK_TTL_MS) };
      });
      await repo.insertSetPasswordLinks(q, links);
      return tokens;
    },

    /** Earlier unused set-password links of the account stop working. */
    retirePasswordLinks(q: Db, userId: number, now: Date): Promise<void> {
      return repo.retireSetPasswordLinks(q, userId, now);
    },

    /** Every session of the account ends (but `exceptSessionId`); the caller forgets the cached ones after its commit. */
    endSessions(q: Db, userId: number, now: Date, exceptSessionId?: string): Promise<void> {
      return repo.revokeSessionsOf(q, userId, now, exceptSessionId);
    },

    /**
     * A temporary password to change at the next sign-in: its links retired and every session
     * ended, with `alongside` (the caller's audit) in the same transaction.
     */
    async setTemporaryPassword(userId: number, password: string, now: Date, alongside: (tx: Db) => Promise<void>): Promise<void> {
      const passwordHash = await passwords.hash(password);
      await repo.transaction(async (tx) => {
        await repo.writePassword(tx, userId, { passwordHash, mustChangePassword: true, updatedAt: now });
        await repo.retireSetPasswordLinks(tx, userId, now);
        await repo.revokeSessionsOf(tx, userId, now);
        await alongside(tx);
      });
      sessionCache.forgetUser(userId);
    },

    /** A set-password link's token sets the password once and ends every session; false when the link is not valid. */
    async setPasswordByLink(token: string, password: string): Promise<boolean> {
      const [id, secret] = token.split('.');
      if (!id || !secret || !UUID_PATTERN.test(id)) return false;
      const link = await repo.findSetPasswordLink(id);
      const now = clock.now();
      if (!link || link.userId === null || link.consumedAt || link.expiresAt <= now || link.codeHash !== sha256(secret)) return false;
      const passwordHash = await passwords.hash(password);
      const userId = link.userId;
      const consumed = new Error('set-password link used meanwhile');
      try {
        await repo.transaction(async (tx) => {
          if (!(await repo.consumeSetPasswordLink(tx, link.id, now))) throw consumed;
          await repo.writePassword(tx, userId, { passwordHash, mustChangePassword: false, emailVerified: link.target.includes('@') ? true : undefined, updatedAt: now });
          await repo.revokeSessionsOf(tx, userId, now);
        });
      } catch (error) {
        if (error === consumed) return false;
        throw error;
      }
      sessionCache.forgetUser(userId);
      return true;
    },

    /** The signed-in user's own password; their other sessions end. False when the current password is wrong. */
    async changePassword(actor: Actor, currentPassword: string, password: string): Promise<boolean> {
      const current = await repo.findPasswordOf(actor.userId);
      if (!current || !(await passwords.verify(currentPassword, current.passwordHash))) return false;
      const passwordHash = await passwords.hash(password);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.writePassword(tx, actor.userId, { passwordHash, mustChangePassword: false, updatedAt: now });
        await repo.revokeSessionsOf(tx, actor.userId, now, actor.sessionId);
      });
      sessionCache.forgetUser(actor.userId);
      return true;
    },
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
