import { AUTH_MAIL_TEXTS as T, OTP_TTL_MS, textIn, type Language } from '@app/contracts';
import type { MailMessage } from '../../lib/mailer.js';

const MINUTES = Math.round(OTP_TTL_MS / 60_000);

const KINDS = {
  email: { subject: T.emailSubject, intro: T.emailIntro },
  passwordReset: { subject: T.passwordResetSubject, intro: T.passwordResetIntro },
} as const;

/** The mail carrying a one-time code, in the requester's language. */
export function codeMail(kind: keyof typeof KINDS, to: string, code: string, language: Language): MailMessage {
  const intro = textIn(KINDS[kind].intro, language);
  const footer = textIn(T.codeFooter, language, { minutes: MINUTES });
  return {
    to,
    subject: textIn(KINDS[kind].subject, language),
    text: `${intro}\n\n    ${code}\n\n${footer}\n`,
    html: `<p>${intro}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${footer}</p>`,
  };
}

export function parentPhoneSms(code: string, language: Language): string {
  return textIn(T.parentPhoneSms, language, { code, minutes: MINUTES });
}
