import type { Language } from '@app/contracts';
import type { MailMessage } from '../../lib/mailer.js';

const DAYS = 7;

const TEXTS = {
  welcome: {
    en: {
      subject: 'Welcome to NEET Prep: set your password',
      intro: (name: string, username: string) => `Hello ${name}, your institution has created a NEET Prep account for you. Your username is ${username}. Open this link to choose your password:`,
    },
    tn: {
      subject: 'NEET Prep-க்கு வருக: உங்கள் கடவுச்சொல்லை அமைக்கவும்',
      intro: (name: string, username: string) => `வணக்கம் ${name}, உங்கள் நிறுவனம் உங்களுக்காக NEET Prep கணக்கை உருவாக்கியுள்ளது. உங்கள் பயனர்பெயர் ${username}. உங்கள் கடவுச்சொல்லைத் தேர்ந்தெடுக்க இந்த இணைப்பைத் திறக்கவும்:`,
    },
  },
  reset: {
    en: {
      subject: 'Set a new NEET Prep password',
      intro: (name: string, username: string) => `Hello ${name}, your institution has asked for a new password for your account ${username}. Open this link to choose it:`,
    },
    tn: {
      subject: 'புதிய NEET Prep கடவுச்சொல்லை அமைக்கவும்',
      intro: (name: string, username: string) => `வணக்கம் ${name}, உங்கள் கணக்கு ${username}-க்குப் புதிய கடவுச்சொல்லை உங்கள் நிறுவனம் கோரியுள்ளது. அதைத் தேர்ந்தெடுக்க இந்த இணைப்பைத் திறக்கவும்:`,
    },
  },
} as const;

const FOOTER = {
  en: `The link works once and for ${DAYS} days. If you did not expect it, ignore this message.`,
  tn: `இந்த இணைப்பு ஒரு முறை மட்டும், ${DAYS} நாட்களுக்குச் செயல்படும். நீங்கள் எதிர்பார்க்கவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.`,
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type SetPasswordKind = keyof typeof TEXTS;

/** The set-password mail of a new or reset account, in the student's language. */
export function setPasswordMail(kind: SetPasswordKind, to: string, who: { name: string; username: string }, url: string, language: Language): MailMessage {
  const text = TEXTS[kind][language];
  const intro = text.intro(who.name, who.username);
  return {
    to,
    subject: text.subject,
    text: `${intro}\n\n    ${url}\n\n${FOOTER[language]}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(FOOTER[language])}</p>`,
  };
}

const SMS = {
  welcome: {
    en: (username: string, url: string) => `NEET Prep: your account ${username} is ready. Set your password (valid ${DAYS} days): ${url}`,
    tn: (username: string, url: string) => `NEET Prep: உங்கள் கணக்கு ${username} தயார். கடவுச்சொல்லை அமைக்கவும் (${DAYS} நாட்கள் செல்லும்): ${url}`,
  },
  reset: {
    en: (username: string, url: string) => `NEET Prep: set a new password for ${username} (valid ${DAYS} days): ${url}`,
    tn: (username: string, url: string) => `NEET Prep: ${username}-க்குப் புதிய கடவுச்சொல்லை அமைக்கவும் (${DAYS} நாட்கள் செல்லும்): ${url}`,
  },
};

export function setPasswordSms(kind: SetPasswordKind, username: string, url: string, language: Language): string {
  return SMS[kind][language](username, url);
}
