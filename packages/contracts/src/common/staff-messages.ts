import type { Language } from './constants.js';
import { defineErrors, type ErrorDef, type LocalizedText } from './errors.js';
import type { CoreMessageKey } from './messages.js';

/**
 * The back office's texts (question bank, test configuration, student roster, role
 * configuration), in English and Tamil, apart from the core catalogue (messages.ts) so that a
 * student's first page does not carry them. Same style and rules as the core catalogue.
 */
export const STAFF_MESSAGES = {
  // Question bank (authoring; not named by the spec; same style)
  questionStatementRequired: { en: 'Please enter the question.', tn: 'கேள்வியை உள்ளிடவும்.' },
  questionTextRequired: { en: 'Give the question’s text in its default language.', tn: 'கேள்வியின் உரையை அதன் இயல்பு மொழியில் தரவும்.' },
  questionOptionsInvalid: { en: 'A choice question needs 2 to 10 options with distinct ids.', tn: 'தேர்வுக் கேள்விக்கு வேறுபட்ட அடையாளங்களுடன் 2 முதல் 10 விடைகள் தேவை.' },
  questionOptionIdsDiffer: { en: 'Every language must offer the same options.', tn: 'ஒவ்வொரு மொழியிலும் அதே விடைகள் இருக்க வேண்டும்.' },
  questionKeyInvalid: { en: 'The correct answer must name one of the options (one for single choice, one or more for multiple choice).', tn: 'சரியான விடை விடைகளில் ஒன்றைக் குறிக்க வேண்டும் (ஒற்றைத் தேர்வுக்கு ஒன்று, பல தேர்வுக்கு ஒன்று அல்லது மேற்பட்டவை).' },
  questionBlanksMismatch: { en: 'Give one answer per {0} blank in the question.', tn: 'கேள்வியில் உள்ள ஒவ்வொரு {0} இடைவெளிக்கும் ஒரு விடை தரவும்.' },
  questionProgrammingRequired: { en: 'A programming question needs its settings and at least one hidden test case.', tn: 'நிரலாக்கக் கேள்விக்கு அமைப்புகளும் குறைந்தது ஒரு மறைக்கப்பட்ட சோதனையும் தேவை.' },
  questionRubricInvalid: { en: 'The rubric (what is compared) is not valid JSON of an office rubric for this kind of question.', tn: 'மதிப்பீட்டு அளவுகோல் (எது ஒப்பிடப்படுகிறது) இந்த வகைக் கேள்விக்கான சரியான JSON அல்ல.' },
  questionLineLimitRequired: { en: 'A written answer needs a line limit.', tn: 'எழுத்து விடைக்கு வரி வரம்பு தேவை.' },
  questionMediaRequired: { en: 'An image or video question needs its picture or video address.', tn: 'படம் அல்லது காணொளிக் கேள்விக்கு அதன் முகவரி தேவை.' },
  questionAssertionReasonRequired: { en: 'Type both the assertion (A) and the reason (R).', tn: 'கூற்று (A), காரணம் (R) இரண்டையும் உள்ளிடவும்.' },
  questionAssertionReasonOptions: { en: 'An assertion–reason question has the four standard options, as generated.', tn: 'கூற்று–காரணக் கேள்விக்கு உருவாக்கப்பட்ட நான்கு நிலையான விடைகளே இருக்க வேண்டும்.' },
  questionNumericalKeyInvalid: { en: 'Give the correct value with a tolerance (0 or more), or a range from a minimum to a maximum.', tn: 'சரியான மதிப்பை ஒரு பொறுதி வரம்புடன் (0 அல்லது அதற்கு மேல்) தரவும், அல்லது குறைந்தபட்சம் முதல் அதிகபட்சம் வரையிலான ஒரு வீச்சைத் தரவும்.' },
  questionNumericalRangeInvalid: { en: 'The range’s maximum must not be less than its minimum.', tn: 'வீச்சின் அதிகபட்சம் அதன் குறைந்தபட்சத்தை விடக் குறைவாக இருக்கக்கூடாது.' },
  questionMatchingListsInvalid: { en: 'List I needs 2 to 8 items (A, B, C…) and list II at least 2 (I, II, III…), the same items in each language.', tn: 'பட்டியல் I-இல் 2 முதல் 8 உருப்படிகளும் (A, B, C…) பட்டியல் II-இல் குறைந்தது 2 உருப்படிகளும் (I, II, III…) வேண்டும்; ஒவ்வொரு மொழியிலும் அதே உருப்படிகள் இருக்க வேண்டும்.' },
  questionMatchingKeyInvalid: { en: 'Match every item of list I with one item of list II.', tn: 'பட்டியல் I-இன் ஒவ்வொரு உருப்படியையும் பட்டியல் II-இன் ஓர் உருப்படியுடன் பொருத்தவும்.' },
  questionMatchingCodesInvalid: { en: 'A coded matching question has four different codes such as "A-III, B-I, C-IV, D-II", each matching every item of list I; a question matched in pairs has none.', tn: 'குறியீட்டுப் பொருத்துக் கேள்விக்கு "A-III, B-I, C-IV, D-II" போன்ற நான்கு வெவ்வேறு குறியீடுகள் வேண்டும்; ஒவ்வொன்றும் பட்டியல் I-இன் எல்லா உருப்படிகளையும் பொருத்த வேண்டும்; இணைகளாகப் பொருத்தும் கேள்விக்குக் குறியீடுகள் இருக்கக்கூடாது.' },
  questionMatchingCodeKey: { en: 'The correct code must be the one that matches the pairs of the key.', tn: 'சரியான குறியீடு விடைக்குறிப்பின் இணைகளுடன் ஒத்துப்போவதாக இருக்க வேண்டும்.' },
  questionOrderingItemsCount: { en: 'An ordering question needs 3 to 10 items, none of them empty.', tn: 'வரிசைப்படுத்தும் கேள்விக்கு 3 முதல் 10 உருப்படிகள் தேவை; எதுவும் வெறுமையாக இருக்கக்கூடாது.' },
  questionOrderingItemsDuplicate: { en: 'Two items are the same: each item must differ from the others.', tn: 'இரண்டு உருப்படிகள் ஒன்றாக உள்ளன: ஒவ்வொரு உருப்படியும் மற்றவற்றிலிருந்து வேறுபட வேண்டும்.' },
  questionOrderingItemsDiffer: { en: 'Every language must have the same items.', tn: 'ஒவ்வொரு மொழியிலும் அதே உருப்படிகள் இருக்க வேண்டும்.' },
  questionOrderingKeyInvalid: { en: 'The correct order must name every item exactly once.', tn: 'சரியான வரிசை ஒவ்வொரு உருப்படியையும் சரியாக ஒருமுறை குறிக்க வேண்டும்.' },
  questionSettingsInvalid: { en: 'This setting does not fit the question’s kind.', tn: 'இந்த அமைப்பு கேள்வியின் வகைக்குப் பொருந்தவில்லை.' },
  questionTagInvalid: { en: 'Tags are 1 to 60 characters.', tn: 'குறிச்சொற்கள் 1 முதல் 60 எழுத்துகள்.' },

  // Test configuration (staff, /testconfig)
  tcNameRequired: { en: 'Enter the test’s name (up to 200 characters).', tn: 'தேர்வின் பெயரை உள்ளிடவும் (200 எழுத்துகள் வரை).' },
  tcDurationInvalid: { en: 'Enter minutes from 0 to 1440.', tn: '0 முதல் 1440 வரையிலான நிமிடங்களை உள்ளிடவும்.' },
  tcDurationPositive: { en: 'A graded test needs a duration of more than 0 minutes.', tn: 'மதிப்பிடப்படும் தேர்வுக்கு 0 நிமிடங்களுக்கு மேல் கால அளவு தேவை.' },
  tcMarksInvalid: { en: 'Marks are a number from 0 to 1000.', tn: 'மதிப்பெண்கள் 0 முதல் 1000 வரையிலான எண்.' },
  tcNegativeAboveMarks: { en: 'Negative marks cannot be more than the marks.', tn: 'எதிர்மறை மதிப்பெண்கள் மதிப்பெண்களை விட அதிகமாக இருக்கக்கூடாது.' },
  tcWarningsInvalid: { en: 'Warnings are a whole number from 0 to 100.', tn: 'எச்சரிக்கைகள் 0 முதல் 100 வரையிலான முழு எண்.' },
  tcAttemptsInvalid: { en: 'Attempts allowed is a whole number from 1 to 100.', tn: 'அனுமதிக்கப்படும் முயற்சிகள் 1 முதல் 100 வரையிலான முழு எண்.' },
  tcDrawCountInvalid: { en: 'Draw from 1 to 500 questions.', tn: '1 முதல் 500 கேள்விகள் வரை எடுக்கவும்.' },
  tcSectionNameRequired: { en: 'Enter the section’s name.', tn: 'பிரிவின் பெயரை உள்ளிடவும்.' },
  tcTooManySections: { en: 'A test has at most 20 sections.', tn: 'ஒரு தேர்வில் அதிகபட்சம் 20 பிரிவுகள்.' },
  tcNoSections: { en: 'Add at least one section.', tn: 'குறைந்தது ஒரு பிரிவைச் சேர்க்கவும்.' },
  tcNoQuestions: { en: 'The test has no questions.', tn: 'தேர்வில் கேள்விகள் இல்லை.' },
  tcSectionEmpty: { en: 'This section has no questions: pick some or set a random draw.', tn: 'இந்தப் பிரிவில் கேள்விகள் இல்லை: சிலவற்றைத் தேர்ந்தெடுக்கவும் அல்லது சீரற்ற தேர்வை அமைக்கவும்.' },
  tcSectionDurationRequired: { en: 'With section-wise timing, each section needs more than 0 minutes.', tn: 'பிரிவு வாரியான நேரத்தில், ஒவ்வொரு பிரிவுக்கும் 0 நிமிடங்களுக்கு மேல் தேவை.' },
  tcLockedByAttempts: { en: 'Students have taken this test: this can no longer change.', tn: 'மாணவர்கள் இந்தத் தேர்வை எழுதியுள்ளனர்: இதை இனி மாற்ற முடியாது.' },
  tcCourseTopicInvalid: { en: 'Choose a course and one of its topics.', tn: 'ஒரு பாடநெறியையும் அதன் தலைப்புகளில் ஒன்றையும் தேர்ந்தெடுக்கவும்.' },
  tcDuplicateQuestion: { en: 'This question is already in the test.', tn: 'இந்தக் கேள்வி ஏற்கனவே தேர்வில் உள்ளது.' },
  tcSectionUnknown: { en: 'This section does not belong to the test.', tn: 'இந்தப் பிரிவு இந்தத் தேர்வைச் சேர்ந்தது அல்ல.' },
  tcDrawShort: { en: 'The question bank has fewer matching questions than this draw needs.', tn: 'இந்தத் தேர்வுக்குத் தேவையானதை விடக் கேள்வி வங்கியில் பொருந்தும் கேள்விகள் குறைவு.' },
  // Students: roster, CSV upload, password resets (not named by the spec; same style)
  studentFieldTooLong: { en: 'This value is too long.', tn: 'இந்த மதிப்பு மிக நீளமானது.' },
  studentUsernameInvalid: { en: 'A username may contain only letters, digits and . _ @ + -', tn: 'பயனர்பெயரில் எழுத்துகள், எண்கள் மற்றும் . _ @ + - மட்டுமே இருக்கலாம்' },
  studentStatusInvalid: { en: 'The status must be active, deactivated or all.', tn: 'நிலை active, deactivated அல்லது all ஆக இருக்க வேண்டும்.' },
  studentContactRequired: { en: 'Please enter an e-mail address or a mobile number.', tn: 'மின்னஞ்சல் முகவரி அல்லது கைபேசி எண்ணை உள்ளிடவும்.' },
  studentUsernameTaken: { en: 'This username is already taken.', tn: 'இந்தப் பயனர்பெயர் ஏற்கனவே பயன்பாட்டில் உள்ளது.' },
  studentEmailTaken: { en: 'This e-mail address is already used by another account.', tn: 'இந்த மின்னஞ்சல் முகவரி வேறொரு கணக்கில் பயன்பாட்டில் உள்ளது.' },
  studentRollNumberInvalid: { en: 'A roll number is 1 to 10 digits.', tn: 'பதிவு எண் 1 முதல் 10 இலக்கங்கள் கொண்டது.' },
  studentRollNumberTaken: { en: 'Another student of this institute has this roll number.', tn: 'இந்த நிறுவனத்தின் வேறொரு மாணவருக்கு இந்தப் பதிவு எண் உள்ளது.' },
  studentPhoneTaken: { en: 'This mobile number is already used by another account.', tn: 'இந்தக் கைபேசி எண் வேறொரு கணக்கில் பயன்பாட்டில் உள்ளது.' },
  studentDuplicateInFile: { en: 'This value appears on another row of the file (row {0}).', tn: 'இந்த மதிப்பு கோப்பின் மற்றொரு வரிசையிலும் உள்ளது (வரிசை {0}).' },
  studentParentEmailTaken: { en: 'This e-mail belongs to an account that is not a parent.', tn: 'இந்த மின்னஞ்சல் பெற்றோர் அல்லாத ஒரு கணக்கிற்குச் சொந்தமானது.' },
  studentNoContact: { en: 'The student has neither an e-mail address nor a mobile number to send the link to.', tn: 'இணைப்பை அனுப்ப மாணவருக்கு மின்னஞ்சல் முகவரியோ கைபேசி எண்ணோ இல்லை.' },
  studentCsvFileRequired: { en: 'Please choose a CSV file.', tn: 'ஒரு CSV கோப்பைத் தேர்ந்தெடுக்கவும்.' },
  studentCsvUnreadable: { en: 'The file could not be read as CSV with a header row.', tn: 'தலைப்பு வரிசையுடன் கூடிய CSV ஆகக் கோப்பைப் படிக்க முடியவில்லை.' },
  studentCsvEmpty: { en: 'The file has no student rows.', tn: 'கோப்பில் மாணவர் வரிசைகள் இல்லை.' },
  studentCsvTooMany: { en: 'The file has too many rows (10000 at most).', tn: 'கோப்பில் அதிகமான வரிசைகள் உள்ளன (அதிகபட்சம் 10000).' },
  studentCsvInvalid: { en: 'Some rows have errors; nothing was imported.', tn: 'சில வரிசைகளில் பிழைகள் உள்ளன; எதுவும் இறக்குமதி செய்யப்படவில்லை.' },
  studentCsvColumnMissing: { en: 'The required column is missing from the header row.', tn: 'தேவையான நெடுவரிசை தலைப்பு வரிசையில் இல்லை.' },
  studentCsvRequired: { en: 'This column is required.', tn: 'இந்த நெடுவரிசை கட்டாயமானது.' },
  studentCsvUnknownClass: { en: 'No class of this name in the institute.', tn: 'நிறுவனத்தில் இந்தப் பெயரில் வகுப்பு இல்லை.' },
  studentCsvUnknownSection: { en: 'No section of this name in the class.', tn: 'வகுப்பில் இந்தப் பெயரில் பிரிவு இல்லை.' },
  studentCsvUnknownInstitute: { en: 'This institute is not one you may upload to.', tn: 'இந்த நிறுவனத்திற்கு நீங்கள் பதிவேற்ற முடியாது.' },
  studentCsvLanguageInvalid: { en: 'The language must be en or tn.', tn: 'மொழி en அல்லது tn ஆக இருக்க வேண்டும்.' },
  studentCsvImported: { en: 'The file is valid; the import has started.', tn: 'கோப்பு சரியானது; இறக்குமதி தொடங்கியது.' },
  welcomeLinksUsernamesRequired: { en: 'Name at least one student to send a link to.', tn: 'இணைப்பை அனுப்பக் குறைந்தது ஒரு மாணவரைக் குறிப்பிடவும்.' },
  welcomeLinksTooMany: { en: 'At most 5000 students at a time.', tn: 'ஒரே நேரத்தில் அதிகபட்சம் 5000 மாணவர்கள்.' },
  welcomeLinksSent: { en: 'The links have been sent again.', tn: 'இணைப்புகள் மீண்டும் அனுப்பப்பட்டன.' },
  studentSaved: { en: 'Student saved.', tn: 'மாணவர் சேமிக்கப்பட்டார்.' },
  resetModeInvalid: { en: 'Choose to send a link or to set a temporary password.', tn: 'இணைப்பை அனுப்புவதா அல்லது தற்காலிக கடவுச்சொல்லை அமைப்பதா எனத் தேர்ந்தெடுக்கவும்.' },
  resetLinkSent: { en: 'A link to set a new password has been sent.', tn: 'புதிய கடவுச்சொல்லை அமைக்க ஒரு இணைப்பு அனுப்பப்பட்டது.' },
  temporaryPasswordSet: { en: 'The temporary password is set; it must be changed at the next sign-in.', tn: 'தற்காலிக கடவுச்சொல் அமைக்கப்பட்டது; அடுத்த உள்நுழைவில் மாற்றப்பட வேண்டும்.' },

  // Role configuration, audit log and Contact Us
  roleConfigSaved: { en: 'Role configuration saved. It applies from the next request.', tn: 'பங்கு அமைப்பு சேமிக்கப்பட்டது. அடுத்த கோரிக்கையிலிருந்து இது பொருந்தும்.' },
  classesSaved: { en: 'Classes saved.', tn: 'வகுப்புகள் சேமிக்கப்பட்டன.' },
  supportMessageUpdated: { en: 'Message updated.', tn: 'செய்தி புதுப்பிக்கப்பட்டது.' },
  // The live exam room and marking
  timeExtended: { en: 'Time extended.', tn: 'நேரம் நீட்டிக்கப்பட்டது.' },
  attemptReopened: { en: 'Attempt reopened.', tn: 'முயற்சி மீண்டும் திறக்கப்பட்டது.' },
  attemptSubmitted: { en: 'Attempt submitted.', tn: 'முயற்சி சமர்ப்பிக்கப்பட்டது.' },
  markSaved: { en: 'Mark saved.', tn: 'மதிப்பெண் சேமிக்கப்பட்டது.' },
  roleInvalid: { en: 'Choose one of the roles.', tn: 'பங்குகளில் ஒன்றைத் தேர்ந்தெடுக்கவும்.' },
  permissionInvalid: { en: 'One of the permissions does not exist.', tn: 'அனுமதிகளில் ஒன்று இல்லை.' },
  roleRepeated: { en: 'Each role may be listed once.', tn: 'ஒவ்வொரு பங்கும் ஒரு முறை மட்டுமே இருக்கலாம்.' },
  reasonTooLong: { en: 'The reason is too long (500 characters at most).', tn: 'காரணம் மிக நீளமானது (அதிகபட்சம் 500 எழுத்துகள்).' },
  classAssignmentsTooMany: { en: 'Too many classes (200 at most).', tn: 'அதிகமான வகுப்புகள் (அதிகபட்சம் 200).' },
} as const satisfies Record<string, Record<Language, string>>;

export type StaffMessageKey = keyof typeof STAFF_MESSAGES;

/** defineErrors for back-office domains, whose messages may also be keys of this catalogue. */
export function defineStaffErrors<K extends string>(
  table: Record<K, { http: number; message: StaffMessageKey | CoreMessageKey | LocalizedText }>,
): Record<K, ErrorDef> {
  const resolved = {} as Record<K, { http: number; message: CoreMessageKey | LocalizedText }>;
  for (const code of Object.keys(table) as K[]) {
    const { http, message } = table[code];
    resolved[code] = {
      http,
      message: typeof message === 'string' && message in STAFF_MESSAGES ? STAFF_MESSAGES[message as StaffMessageKey] : (message as CoreMessageKey | LocalizedText),
    };
  }
  return defineErrors(resolved);
}
