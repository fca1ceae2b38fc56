import { AUTH_ERRORS, type Language } from '@app/contracts';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AuthContext } from './auth.context.js';
import { codeMail } from './auth.mail.js';
import { OTP_PURPOSE } from './otp.service.js';

/** The forgotten password: a code by mail, a grant for it, then the new password. */
export function createPasswordReset(ctx: AuthContext) {
  const { repo, otp, clock, mailer, passwords } = ctx.deps;
  const { deps } = ctx;
  // Mails sent after the answer (the reset code), kept until written so that a stop can wait for them.
  const mailing = new Set<Promise<void>>();
  function mailAfterAnswer(message: Parameters<Mailer['send']>[0]): void {
    const sending: Promise<void> = mailer
      .send(message)
      .catch((error: unknown) => (deps.log ?? console.error)('a password reset mail could not be sent', error))
      .finally(() => mailing.delete(sending));
    mailing.add(sending);
  }

  return {
    /**
     * Mails a reset code when an account has this address. The answer is the same either way:
     * for an unknown address a code is stored that is never sent, so the secret behaves alike.
     * The answer does the same work for both (a lookup, a hashed code stored): the mail is sent
     * after it, so its time (tens of milliseconds to the outbox, more over SMTP) does not tell.
     */
    async forgotPassword(input: { username: string }, language: Language): Promise<{ otpSecret: string }> {
      const email = input.username.trim().toLowerCase();
      const user = await repo.findUserByEmail(email);
      const account = user && user.isActive ? user : undefined;
      const issued = await otp.issue({ purpose: OTP_PURPOSE.passwordReset, target: email, userId: account?.id ?? null });
      if (account) mailAfterAnswer(codeMail('passwordReset', account.email ?? email, issued.code, language));
      return { otpSecret: issued.id };
    },

    /** Resolves when the mails sent after their answers are written (tests; the stop of the process). */
    async mailsSent(): Promise<void> {
      while (mailing.size) await Promise.all([...mailing]);
    },

    async validateEmailOtp(input: { passcode: string; secret: string }): Promise<{ secret: string }> {
      const row = await otp.verifyById({ id: input.secret, purpose: OTP_PURPOSE.passwordReset, code: input.passcode });
      if (row.userId === null) throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
      const secret = await otp.issueSecret({ purpose: OTP_PURPOSE.resetGrant, target: row.target, userId: row.userId });
      return { secret };
    },

    /** Sets the new password and ends every session of the account. */
    async resetPassword(input: { password: string; secret: string }): Promise<void> {
      const grant = await otp.useSecret(input.secret, OTP_PURPOSE.resetGrant);
      if (!grant || grant.userId === null) throw new AppError(AUTH_ERRORS.AUTH_RESET_SECRET_INVALID);
      const now = clock.now();
      await repo.setPassword(grant.userId, await passwords.hash(input.password), now);
      await repo.revokeAllSessions(grant.userId, now);
      ctx.sessionCache.forgetUser(grant.userId);
      await repo.clearCounter(`login:${grant.userId}`);
    },
  };
}
