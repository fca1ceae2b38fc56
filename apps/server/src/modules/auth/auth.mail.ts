import { OTP_TTL_MS, type Language } from '@app/contracts';
import type { MailMessage } from '../../lib/mailer.js';

const MINUTES = Math.round(OTP_TTL_MS / 60_000);

const TEXTS = {
  email: {
    en: { subject: 'Your NEET Prep verification code', intro: 'Use this code to confirm your e-mail address:' },
    tn: { subject: 'உங்கள் NEET Prep சரிபார்ப்புக் குறியீடு', intro: 'உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்த இந்தக் குறியீட்டைப் பயன்படுத்தவும்:' },
  },
  passwordReset: {
    en: { subject: 'Reset your NEET Prep password', intro: 'Use this code to reset your password:' },
    tn: { subject: 'உங்கள் NEET Prep கடவுச்சொல்லை மீட்டமைக்கவும்', intro: 'உங்கள் கடவுச்சொல்லை மீட்டமைக்க இந்தக் குறியீட்டைப் பயன்படுத்தவும்:' },
  },
} as const;

const FOOTER = {
  en: (minutes: number) => `The code is valid for ${minutes} minutes and can be used once. If you did not ask for it, ignore this message.`,
  tn: (minutes: number) => `இந்தக் குறியீடு ${minutes} நிமிடங்களுக்குச் செல்லுபடியாகும், ஒரு முறை மட்டுமே பயன்படுத்த முடியும். நீங்கள் கோரவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.`,
};

/** The mail carrying a one-time code, in the requester's language. */
export function codeMail(kind: keyof typeof TEXTS, to: string, code: string, language: Language): MailMessage {
  const text = TEXTS[kind][language];
  const footer = FOOTER[language](MINUTES);
  return {
    to,
    subject: text.subject,
    text: `${text.intro}\n\n    ${code}\n\n${footer}\n`,
    html: `<p>${text.intro}</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${footer}</p>`,
  };
}

const SMS_TEXT = {
  en: (code: string, minutes: number) => `${code} is your NEET Prep code to confirm this number as a parent contact. Valid for ${minutes} minutes.`,
  tn: (code: string, minutes: number) => `${code} என்பது இந்த எண்ணைப் பெற்றோர் தொடர்பாக உறுதிப்படுத்த உங்கள் NEET Prep குறியீடு. ${minutes} நிமிடங்களுக்குச் செல்லுபடியாகும்.`,
};

export function parentPhoneSms(code: string, language: Language): string {
  return SMS_TEXT[language](code, MINUTES);
}
