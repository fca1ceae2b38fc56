import type { LocalizedText } from '../common/errors.js';

/** The set-password mails and text messages of a new or reset account (`{days}` the link's life). */
export const STUDENTS_MAIL_TEXTS = {
  welcomeSubject: { en: 'Welcome to NEET Prep: set your password', tn: 'NEET Prep-க்கு வருக: உங்கள் கடவுச்சொல்லை அமைக்கவும்' },
  welcomeIntro: {
    en: 'Hello {name}, your institution has created a NEET Prep account for you. Your username is {username}. Open this link to choose your password:',
    tn: 'வணக்கம் {name}, உங்கள் நிறுவனம் உங்களுக்காக NEET Prep கணக்கை உருவாக்கியுள்ளது. உங்கள் பயனர்பெயர் {username}. உங்கள் கடவுச்சொல்லைத் தேர்ந்தெடுக்க இந்த இணைப்பைத் திறக்கவும்:',
  },
  resetSubject: { en: 'Set a new NEET Prep password', tn: 'புதிய NEET Prep கடவுச்சொல்லை அமைக்கவும்' },
  resetIntro: {
    en: 'Hello {name}, your institution has asked for a new password for your account {username}. Open this link to choose it:',
    tn: 'வணக்கம் {name}, உங்கள் கணக்கு {username}-க்குப் புதிய கடவுச்சொல்லை உங்கள் நிறுவனம் கோரியுள்ளது. அதைத் தேர்ந்தெடுக்க இந்த இணைப்பைத் திறக்கவும்:',
  },
  linkFooter: {
    en: 'The link works once and for {days} days. If you did not expect it, ignore this message.',
    tn: 'இந்த இணைப்பு ஒரு முறை மட்டும், {days} நாட்களுக்குச் செயல்படும். நீங்கள் எதிர்பார்க்கவில்லை என்றால், இந்தச் செய்தியைப் புறக்கணிக்கவும்.',
  },
  welcomeSms: {
    en: 'NEET Prep: your account {username} is ready. Set your password (valid {days} days): {url}',
    tn: 'NEET Prep: உங்கள் கணக்கு {username} தயார். கடவுச்சொல்லை அமைக்கவும் ({days} நாட்கள் செல்லும்): {url}',
  },
  resetSms: {
    en: 'NEET Prep: set a new password for {username} (valid {days} days): {url}',
    tn: 'NEET Prep: {username}-க்குப் புதிய கடவுச்சொல்லை அமைக்கவும் ({days} நாட்கள் செல்லும்): {url}',
  },
} satisfies Record<string, LocalizedText>;
