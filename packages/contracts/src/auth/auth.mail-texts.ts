import type { LocalizedText } from '../common/errors.js';

/** The one-time-code mails and text message (`{minutes}` the code's life, `{code}` the code). */
export const AUTH_MAIL_TEXTS = {
  emailSubject: { en: 'Your NEET Prep verification code', tn: 'உங்கள் NEET Prep சரிபார்ப்புக் குறியீடு' },
  emailIntro: { en: 'Use this code to confirm your e-mail address:', tn: 'உங்கள் மின்னஞ்சல் முகவரியை உறுதிப்படுத்த இந்தக் குறியீட்டைப் பயன்படுத்தவும்:' },
  passwordResetSubject: { en: 'Reset your NEET Prep password', tn: 'உங்கள் NEET Prep கடவுச்சொல்லை மீட்டமைக்கவும்' },
  passwordResetIntro: { en: 'Use this code to reset your password:', tn: 'உங்கள் கடவுச்சொல்லை மீட்டமைக்க இந்தக் குறியீட்டைப் பயன்படுத்தவும்:' },
  codeFooter: {
    en: 'The code is valid for {minutes} minutes and can be used once. If you did not ask for it, ignore this message.',
    tn: 'இந்தக் குறியீடு {minutes} நிமிடங்களுக்குச் செல்லுபடியாகும், ஒரு முறை மட்டுமே பயன்படுத்த முடியும். நீங்கள் கோரவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.',
  },
  parentPhoneSms: {
    en: '{code} is your NEET Prep code to confirm this number as a parent contact. Valid for {minutes} minutes.',
    tn: '{code} என்பது இந்த எண்ணைப் பெற்றோர் தொடர்பாக உறுதிப்படுத்த உங்கள் NEET Prep குறியீடு. {minutes} நிமிடங்களுக்குச் செல்லுபடியாகும்.',
  },
} satisfies Record<string, LocalizedText>;
