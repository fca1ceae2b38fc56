import type { Language } from '@app/contracts';
import type { Mailer } from '../../lib/mailer.js';
import type { SmsSender } from '../../lib/sms.js';
import { setPasswordMail, setPasswordSms, type SetPasswordKind } from './students.mail.js';

/** Set-password messages sent at once after an import. */
const MESSAGE_CONCURRENCY = 8;

type Recipient = { email: string | null; phone: string | null; firstName: string; username: string };

/** Set-password links as addresses, sent by e-mail or SMS (the links themselves are auth's). */
export function createSetPasswordMessages(deps: { mailer: Mailer; sms: SmsSender; publicUrl: string; log?: (message: string, error?: unknown) => void }) {
  const { mailer, sms } = deps;
  const log = deps.log ?? (() => undefined);

  /** The page a link's token opens. */
  const urlOf = (token: string) => `${deps.publicUrl.replace(/\/$/, '')}/set-password?token=${encodeURIComponent(token)}`;

  /** Sends the link by e-mail, or by SMS when there is only a phone; which one it used. */
  async function sendLink(kind: SetPasswordKind, student: Recipient, url: string, language: Language) {
    if (student.email) {
      await mailer.send(setPasswordMail(kind, student.email, { name: student.firstName || student.username, username: student.username }, url, language));
      return 'email' as const;
    }
    if (student.phone) {
      await sms.send({ to: student.phone, text: setPasswordSms(kind, student.username, url, language) });
      return 'sms' as const;
    }
    return null;
  }

  /**
   * Sends each student their welcome (set-password) link, a few at a time: the mail and SMS
   * transports wait on the network (or the disk). Says how many went by which way and who failed.
   */
  async function sendWelcomes(messages: Array<{ student: Recipient; url: string; language: Language }>) {
    let mailed = 0;
    let texted = 0;
    const unsent: string[] = [];
    let next = 0;
    const sender = async () => {
      while (next < messages.length) {
        const { student, url, language } = messages[next++]!;
        try {
          const sent = await sendLink('welcome', student, url, language);
          if (sent === 'email') mailed += 1;
          if (sent === 'sms') texted += 1;
        } catch (error) {
          unsent.push(student.username);
          log(`set-password message to student ${student.username} failed`, error);
        }
      }
    };
    await Promise.all(Array.from({ length: MESSAGE_CONCURRENCY }, sender));
    return { mailed, texted, unsent };
  }

  return { urlOf, sendLink, sendWelcomes };
}
