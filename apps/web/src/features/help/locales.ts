import { defineTexts } from '../../lib/texts';
/** The Help page for institution accounts: every text of it, in both languages. */
export const helpLocales = defineTexts({
  en: {
    title: 'Help',
    intro: 'This account shows your institute’s results on NEET Prep. It reads reports; it does not change marks, tests or student accounts.',
    seeTitle: 'What you can see',
    see: [
      'Reports for each course: how your students did in every test of the course.',
      'Reports for each class and section: scores side by side, so you can compare classes.',
      'Reports for each test: scores, ranks, time taken and the questions students found hardest.',
      'A student’s subject dashboard: how one student is doing subject by subject (open it from a report).',
    ],
    readTitle: 'How to read the reports',
    read: [
      'Score is the marks scored out of the test’s total, after negative marking for wrong answers.',
      'Accuracy is the share of attempted questions answered correctly; a low accuracy with many attempts points to guessing.',
      'Rank compares a student with everyone in your institute who took the same test.',
      'Written (comprehensive) answers count once a teacher has marked them; until then a report says the marks are pending.',
      'Time taken shows how long each student spent; a test submitted by the timer ran out of time.',
    ],
    contactTitle: 'How to reach the administrators',
    contactText: 'Use Contact Us to write to your institute’s administrators. They get your message by e-mail, and you can follow its status and read their reply on the same page.',
    contactLink: 'Go to Contact Us',
    faqTitle: 'Common questions',
    faq: [
      { q: 'A student is missing from a report. Why?', a: 'Reports list students who took the test. A student who has not started it, or who belongs to another class or institute, is not shown. Ask the administrators if a student is in the wrong class.' },
      { q: 'Why do marks change after a test?', a: 'Teachers mark written answers after the test, and a corrected question can be regraded. Each change is recorded, and the report shows the latest marks.' },
      { q: 'Can I change a mark or reset a password?', a: 'No. This account only reads reports. Teachers and administrators make changes; write to them through Contact Us.' },
      { q: 'The reports are in the wrong language.', a: 'Switch the language (English or Tamil) from the header; your choice is kept for next time.' },
      { q: 'Someone else needs access for our institute.', a: 'Administrators create accounts. Write to them through Contact Us with the person’s name and e-mail address.' },
    ],
  },
  tn: {
    title: 'உதவி',
    intro: 'இந்தக் கணக்கு NEET Prep-இல் உங்கள் நிறுவனத்தின் முடிவுகளைக் காட்டுகிறது. இது அறிக்கைகளைப் படிக்கும்; மதிப்பெண்கள், தேர்வுகள், மாணவர் கணக்குகள் எதையும் மாற்றாது.',
    seeTitle: 'நீங்கள் பார்க்கக்கூடியவை',
    see: [
      'ஒவ்வொரு பாடநெறிக்கும் அறிக்கைகள்: பாடநெறியின் ஒவ்வொரு தேர்விலும் உங்கள் மாணவர்கள் எப்படிச் செய்தார்கள்.',
      'ஒவ்வொரு வகுப்புக்கும் பிரிவுக்கும் அறிக்கைகள்: மதிப்பெண்கள் அருகருகே, வகுப்புகளை ஒப்பிட.',
      'ஒவ்வொரு தேர்வுக்கும் அறிக்கைகள்: மதிப்பெண்கள், தரவரிசை, எடுத்த நேரம், மாணவர்களுக்குக் கடினமாக இருந்த கேள்விகள்.',
      'ஒரு மாணவரின் பாட முகப்புப் பலகை: ஒரு மாணவர் ஒவ்வொரு பாடத்திலும் எப்படிச் செய்கிறார் (ஒரு அறிக்கையிலிருந்து திறக்கவும்).',
    ],
    readTitle: 'அறிக்கைகளைப் படிப்பது எப்படி',
    read: [
      'மதிப்பெண் என்பது தவறான விடைகளுக்கான எதிர்மறை மதிப்பெண் கழித்தபின், தேர்வின் மொத்தத்தில் பெற்ற மதிப்பெண்.',
      'துல்லியம் என்பது முயன்ற கேள்விகளில் சரியாக விடையளித்தவற்றின் பங்கு; பல முயற்சிகளுடன் குறைந்த துல்லியம் ஊகித்து விடையளித்ததைக் காட்டும்.',
      'தரவரிசை ஒரு மாணவரை அதே தேர்வை எழுதிய உங்கள் நிறுவனத்தின் அனைவருடனும் ஒப்பிடுகிறது.',
      'எழுத்து (விரிவான) விடைகள் ஆசிரியர் மதிப்பெண் இட்டபின் கணக்கில் சேரும்; அதுவரை அறிக்கை மதிப்பெண்கள் நிலுவையில் உள்ளன என்று காட்டும்.',
      'எடுத்த நேரம் ஒவ்வொரு மாணவரும் செலவழித்த நேரத்தைக் காட்டுகிறது; நேரம் முடிந்ததால் சமர்ப்பிக்கப்பட்ட தேர்வு நேரக்கட்டுப்பாட்டால் முடிந்தது.',
    ],
    contactTitle: 'நிர்வாகிகளைத் தொடர்புகொள்வது எப்படி',
    contactText: 'உங்கள் நிறுவனத்தின் நிர்வாகிகளுக்கு எழுத “தொடர்பு கொள்ள” பக்கத்தைப் பயன்படுத்துங்கள். அவர்கள் உங்கள் செய்தியை மின்னஞ்சலில் பெறுவார்கள்; அதன் நிலையையும் அவர்களின் பதிலையும் அதே பக்கத்தில் பார்க்கலாம்.',
    contactLink: 'தொடர்பு கொள்ள பக்கத்துக்குச் செல்',
    faqTitle: 'பொதுவான கேள்விகள்',
    faq: [
      { q: 'ஒரு மாணவர் அறிக்கையில் இல்லை. ஏன்?', a: 'தேர்வை எழுதிய மாணவர்களை மட்டுமே அறிக்கைகள் காட்டும். தேர்வைத் தொடங்காத, அல்லது வேறு வகுப்பு அல்லது நிறுவனத்தைச் சேர்ந்த மாணவர் காட்டப்பட மாட்டார். ஒரு மாணவர் தவறான வகுப்பில் இருந்தால் நிர்வாகிகளிடம் கேளுங்கள்.' },
      { q: 'தேர்வுக்குப் பிறகு மதிப்பெண்கள் ஏன் மாறுகின்றன?', a: 'ஆசிரியர்கள் தேர்வுக்குப் பிறகு எழுத்து விடைகளுக்கு மதிப்பெண் இடுவார்கள், திருத்தப்பட்ட கேள்வி மறுமதிப்பீடு செய்யப்படலாம். ஒவ்வொரு மாற்றமும் பதிவு செய்யப்படுகிறது, அறிக்கை சமீபத்திய மதிப்பெண்களைக் காட்டும்.' },
      { q: 'நான் ஒரு மதிப்பெண்ணை மாற்றலாமா அல்லது கடவுச்சொல்லை மீட்டமைக்கலாமா?', a: 'இல்லை. இந்தக் கணக்கு அறிக்கைகளை மட்டுமே படிக்கும். ஆசிரியர்களும் நிர்வாகிகளும் மாற்றங்களைச் செய்வார்கள்; “தொடர்பு கொள்ள” மூலம் அவர்களுக்கு எழுதுங்கள்.' },
      { q: 'அறிக்கைகள் தவறான மொழியில் உள்ளன.', a: 'தலைப்புப் பட்டையிலிருந்து மொழியை (ஆங்கிலம் அல்லது தமிழ்) மாற்றுங்கள்; உங்கள் தேர்வு அடுத்த முறைக்கும் நினைவில் வைக்கப்படும்.' },
      { q: 'எங்கள் நிறுவனத்துக்கு வேறொருவருக்கும் அணுகல் தேவை.', a: 'நிர்வாகிகள் கணக்குகளை உருவாக்குவார்கள். அந்த நபரின் பெயர் மற்றும் மின்னஞ்சல் முகவரியுடன் “தொடர்பு கொள்ள” மூலம் அவர்களுக்கு எழுதுங்கள்.' },
    ],
  },
});
