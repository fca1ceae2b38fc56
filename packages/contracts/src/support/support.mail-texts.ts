import type { LocalizedText } from '../common/errors.js';
import type { SupportCategory } from './support.schemas.js';

/** The mail telling an administrator about a Contact Us message. */
export const SUPPORT_MAIL_TEXTS = {
  subject: { en: 'Contact Us: {subject}', tn: 'எங்களைத் தொடர்புகொள்ள: {subject}' },
  intro: { en: '{sender} sent a message ({category}):', tn: '{sender} ஒரு செய்தி அனுப்பியுள்ளார் ({category}):' },
  outro: { en: 'Answer it from the Contact Us inbox in NEET Prep.', tn: 'NEET Prep-இல் உள்ள தொடர்பு உள்பெட்டியிலிருந்து பதிலளிக்கவும்.' },
} satisfies Record<string, LocalizedText>;

/** A message's category as the mail names it. */
export const SUPPORT_CATEGORY_TEXTS: Record<SupportCategory, LocalizedText> = {
  question: { en: 'Question', tn: 'கேள்வி' },
  technical: { en: 'Technical problem', tn: 'தொழில்நுட்பச் சிக்கல்' },
  account: { en: 'Accounts and access', tn: 'கணக்குகள் மற்றும் அணுகல்' },
  content: { en: 'Courses and content', tn: 'பாடநெறிகள் மற்றும் உள்ளடக்கம்' },
  other: { en: 'Other', tn: 'மற்றவை' },
};
