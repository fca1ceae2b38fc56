import { SUPPORT_CATEGORY_TEXTS, SUPPORT_MAIL_TEXTS as T, textIn, type Language, type SupportCategory } from '@app/contracts';
import { escapeHtml, type MailMessage } from '../../lib/mailer.js';

/** The mail telling an administrator about a Contact Us message, in the administrator's language. */
export function supportMail(to: string, language: Language, message: { sender: string; category: SupportCategory; subject: string; message: string }): MailMessage {
  const intro = textIn(T.intro, language, { sender: message.sender, category: textIn(SUPPORT_CATEGORY_TEXTS[message.category], language) });
  const outro = textIn(T.outro, language);
  return {
    to,
    subject: textIn(T.subject, language, { subject: message.subject }),
    text: `${intro}\n\n${message.subject}\n\n${message.message}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(message.subject)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(message.message)}</p><p>${escapeHtml(outro)}</p>`,
  };
}
