import type { Language, SupportCategory } from '@app/contracts';
import type { MailMessage } from '../../lib/mailer.js';

const CATEGORY: Record<SupportCategory, Record<Language, string>> = {
  question: { en: 'Question', tn: 'கேள்வி' },
  technical: { en: 'Technical problem', tn: 'தொழில்நுட்பச் சிக்கல்' },
  account: { en: 'Accounts and access', tn: 'கணக்குகள் மற்றும் அணுகல்' },
  content: { en: 'Courses and content', tn: 'பாடநெறிகள் மற்றும் உள்ளடக்கம்' },
  other: { en: 'Other', tn: 'மற்றவை' },
};

const TEXT = {
  en: {
    subject: (s: string) => `Contact Us: ${s}`,
    intro: (sender: string, category: string) => `${sender} sent a message (${category}):`,
    outro: 'Answer it from the Contact Us inbox in NEET Prep.',
  },
  tn: {
    subject: (s: string) => `எங்களைத் தொடர்புகொள்ள: ${s}`,
    intro: (sender: string, category: string) => `${sender} ஒரு செய்தி அனுப்பியுள்ளார் (${category}):`,
    outro: 'NEET Prep-இல் உள்ள தொடர்பு உள்பெட்டியிலிருந்து பதிலளிக்கவும்.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail telling an administrator about a Contact Us message, in the administrator's language. */
export function supportMail(to: string, language: Language, message: { sender: string; category: SupportCategory; subject: string; message: string }): MailMessage {
  const text = TEXT[language];
  const intro = text.intro(message.sender, CATEGORY[message.category][language]);
  return {
    to,
    subject: text.subject(message.subject),
    text: `${intro}\n\n${message.subject}\n\n${message.message}\n\n${text.outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(message.subject)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(message.message)}</p><p>${escapeHtml(text.outro)}</p>`,
  };
}
