import type { Language } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { AuthContext } from './auth.context.js';
import { parentPhoneSms } from './auth.mail.js';
import { OTP_PURPOSE } from './otp.service.js';

/** A code to a parent's phone, checked when the student saves it (profile's updateParentInfo). */
export function createParentPhoneCodes(ctx: AuthContext) {
  const { otp, sms } = ctx.deps;

  return {
    /** generateOtp2: a code to the parent's phone, checked by updateParentInfo. */
    async sendParentPhoneCode(actor: Actor, mobile: string, language: Language): Promise<{ expiresAt: string }> {
      const issued = await otp.issue({ purpose: OTP_PURPOSE.parentPhone, target: mobile.trim(), userId: actor.userId });
      await sms.send({ to: mobile.trim(), text: parentPhoneSms(issued.code, language) });
      return { expiresAt: issued.expiresAt.toISOString() };
    },

    async verifyParentPhoneCode(actor: Actor, phone: string, code: string): Promise<void> {
      await otp.verifyNewest({ purpose: OTP_PURPOSE.parentPhone, target: phone.trim(), userId: actor.userId, code });
    },
  };
}
