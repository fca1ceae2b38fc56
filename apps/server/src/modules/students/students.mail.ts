import { STUDENTS_MAIL_TEXTS as T, textIn, type Language } from '@app/contracts';
import { escapeHtml, type MailMessage } from '../../lib/mailer.js';

const DAYS = 7;

const KINDS = {
  welcome: { subject: T.welcomeSubject, intro: T.welcomeIntro, sms: T.welcomeSms },
  reset: { subject: T.resetSubject, intro: T.resetIntro, sms: T.resetSms },
} as const;

export type SetPasswordKind = keyof typeof KINDS;

/** The set-password mail of a new or reset account, in the student's language. */
export function setPasswordMail(kind: SetPasswordKind, to: string, who: { name: string; username: string }, url: string, language: Language): MailMessage {
  const intro = textIn(KINDS[kind].intro, language, who);
  const footer = textIn(T.linkFooter, language, { days: DAYS });
  return {
    to,
    subject: textIn(KINDS[kind].subject, language),
    text: `${intro}\n\n    ${url}\n\n${footer}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}

export function setPasswordSms(kind: SetPasswordKind, username: string, url: string, language: Language): string {
  return textIn(KINDS[kind].sms, language, { username, url, days: DAYS });
}
