import type { LocalizedText } from '../common/errors.js';
import { EXCHANGE_QUESTION_TYPES } from '../question-kinds/question-kinds.traits.js';

/** The kinds a file may hold, from the registry (never a hand-kept list). */
const FILE_KINDS = EXCHANGE_QUESTION_TYPES.join(', ');

/** Per-question messages of the question importer, in both languages. `{x}` is replaced by a value. */
export const IMPORT_MESSAGES = {
  unsupportedMoodleType: {
    en: 'Moodle question type "{x}" cannot be imported (supported: multichoice, truefalse, shortanswer, numerical, essay, matching, ordering, cloze with short-answer and numerical blanks).',
    tn: 'Moodle கேள்வி வகை "{x}" ஐ இறக்குமதி செய்ய முடியாது (ஆதரிக்கப்படுபவை: multichoice, truefalse, shortanswer, numerical, essay, matching, ordering, குறுவிடை மற்றும் எண் இடைவெளிகள் கொண்ட cloze).',
  },
  unsupportedClozeBlank: {
    en: 'Cloze blank "{x}" cannot be shown by the player (only short-answer and numerical blanks can).',
    tn: 'Cloze இடைவெளி "{x}" ஐ காட்ட முடியாது (குறுவிடை மற்றும் எண் இடைவெளிகள் மட்டுமே முடியும்).',
  },
  unsupportedGiftType: {
    en: 'GIFT {x} questions cannot be imported (supported: multiple choice, true/false, short answer, numerical, essay, matching).',
    tn: 'GIFT {x} கேள்விகளை இறக்குமதி செய்ய முடியாது (ஆதரிக்கப்படுபவை: பலதேர்வு, சரி/தவறு, குறுவிடை, எண், கட்டுரை, பொருத்துதல்).',
  },
  unsupportedKind: {
    en: `Question kind "{x}" cannot be imported from a file (supported: ${FILE_KINDS}).`,
    tn: `கேள்வி வகை "{x}" ஐ கோப்பிலிருந்து இறக்குமதி செய்ய முடியாது (ஆதரிக்கப்படுபவை: ${FILE_KINDS}).`,
  },
  matchingLists: {
    en: 'A matching question needs 2 to 8 items with a text, each with its answer, and at most 10 different answers.',
    tn: 'பொருத்துக் கேள்விக்கு உரையுடன் கூடிய 2 முதல் 8 உருப்படிகள், ஒவ்வொன்றுக்கும் அதன் விடை, அதிகபட்சம் 10 வெவ்வேறு விடைகள் வேண்டும்.',
  },
  matchingCodes: {
    en: 'Four different codes cannot be made from this matching question’s lists: add a list II item or match it in pairs.',
    tn: 'இந்தப் பொருத்துக் கேள்வியின் பட்டியல்களிலிருந்து நான்கு வெவ்வேறு குறியீடுகளை உருவாக்க முடியாது: பட்டியல் II-இல் ஓர் உருப்படியைச் சேர்க்கவும் அல்லது இணைகளாகப் பொருத்தவும்.',
  },
  numericalOneAnswer: {
    en: 'A numerical question takes one fully right value (with its tolerance); answers of partial credit or several right values cannot be imported.',
    tn: 'எண் மதிப்புக் கேள்விக்கு முழுமையாகச் சரியான ஒரே மதிப்பு (அதன் பொறுதியுடன்); பகுதி மதிப்பெண் விடைகளையோ பல சரியான மதிப்புகளையோ இறக்குமதி செய்ய முடியாது.',
  },
  numericalPartialDropped: {
    en: 'Only the fully right value is kept; the partial-credit answers {x} were dropped.',
    tn: 'முழுமையாகச் சரியான மதிப்பு மட்டுமே வைக்கப்படும்; பகுதி மதிப்பெண் விடைகள் {x} விடப்பட்டன.',
  },
  numericalUnitsDropped: {
    en: 'Only the unit of multiplier 1 is kept; "{x}" was dropped.',
    tn: 'பெருக்கி 1 கொண்ட அலகு மட்டுமே வைக்கப்படும்; "{x}" விடப்பட்டது.',
  },
  invalidNumericalKey: {
    en: 'The numerical key "{x}" is not a value with a tolerance (3.14:0.01), a range (1..2) or a value, with an optional unit after a space.',
    tn: 'எண் விடை "{x}" பொறுதியுடன் கூடிய மதிப்போ (3.14:0.01), வீச்சோ (1..2), மதிப்போ அல்ல; அலகை இடைவெளிக்குப் பின் தரலாம்.',
  },
  orderingGradingChanged: {
    en: 'Moodle grading "{x}" is imported as partial credit relative to the next item.',
    tn: 'Moodle மதிப்பீட்டு முறை "{x}" அடுத்த உருப்படியைப் பொறுத்த பகுதி மதிப்பெண்ணாக இறக்குமதி செய்யப்படுகிறது.',
  },
  orderingAllItems: {
    en: 'Moodle setting "{x}" is not kept: every item is shown, one below the other.',
    tn: 'Moodle அமைப்பு "{x}" வைக்கப்படவில்லை: எல்லா உருப்படிகளும் ஒன்றன் கீழ் ஒன்றாகக் காட்டப்படும்.',
  },
  kindNotInFormat: {
    en: 'This format cannot carry a question of kind "{x}" (use Moodle XML).',
    tn: 'இந்தக் கோப்பு வடிவம் "{x}" வகைக் கேள்வியைக் கொண்டு செல்ல முடியாது (Moodle XML ஐப் பயன்படுத்தவும்).',
  },
  giftSyntax: { en: 'This GIFT question could not be read: {x}', tn: 'இந்த GIFT கேள்வியைப் படிக்க முடியவில்லை: {x}' },
  noCorrectAnswer: { en: 'No answer is marked correct.', tn: 'எந்த விடையும் சரியானதாகக் குறிக்கப்படவில்லை.' },
  noAnswers: { en: 'The question has no answers.', tn: 'கேள்விக்கு விடைகள் இல்லை.' },
  missingStatement: { en: 'The question has no text.', tn: 'கேள்விக்கு உரை இல்லை.' },
  invalidNumber: { en: '"{x}" is not a number.', tn: '"{x}" ஒரு எண் அல்ல.' },
  invalidDifficulty: { en: 'Difficulty must be easy, medium or hard, not "{x}".', tn: 'கடினம் easy, medium அல்லது hard ஆக இருக்க வேண்டும், "{x}" அல்ல.' },
  invalidLetter: { en: 'The correct answer "{x}" names no filled option (use letters A to J).', tn: 'சரியான விடை "{x}" நிரப்பப்பட்ட விடையைக் குறிக்கவில்லை (A முதல் J வரையிலான எழுத்துகளைப் பயன்படுத்தவும்).' },
  singleNeedsOne: { en: 'A single-choice question takes exactly one correct letter.', tn: 'ஒற்றைத் தேர்வுக் கேள்விக்கு ஒரே ஒரு சரியான எழுத்து.' },
  imageMissing: { en: 'The picture "{x}" is not in the file.', tn: '"{x}" படம் கோப்பில் இல்லை.' },
  imageTooLarge: { en: 'The picture "{x}" is too large (at most 350 KB).', tn: '"{x}" படம் மிகப் பெரியது (அதிகபட்சம் 350 KB).' },
  extraImages: { en: 'Only the first picture of a question is kept; "{x}" was dropped.', tn: 'கேள்வியின் முதல் படம் மட்டுமே வைக்கப்படும்; "{x}" விடப்பட்டது.' },
  unknownTopic: { en: 'No topic is called "{x}"; the question is imported without it.', tn: '"{x}" என்ற தலைப்பு இல்லை; கேள்வி அது இல்லாமல் இறக்குமதி செய்யப்படும்.' },
  aikenNoAnswerLine: { en: 'The question has no "ANSWER: X" line.', tn: 'கேள்விக்கு "ANSWER: X" வரி இல்லை.' },
  aikenBadAnswer: { en: 'The answer "{x}" names no option of the question.', tn: 'விடை "{x}" கேள்வியின் எந்த விடையையும் குறிக்கவில்லை.' },
  unknownColumn: { en: 'Unknown column "{x}" (see the template).', tn: 'தெரியாத நெடுவரிசை "{x}" (வார்ப்புருவைப் பார்க்கவும்).' },
  missingColumn: { en: 'The header row lacks the column "{x}" (see the template).', tn: 'தலைப்பு வரிசையில் "{x}" நெடுவரிசை இல்லை (வார்ப்புருவைப் பார்க்கவும்).' },
  badXml: { en: 'The XML is not well-formed: {x}', tn: 'XML சரியான வடிவில் இல்லை: {x}' },
  xmlDeclarations: {
    en: 'The XML declares a DOCTYPE or entities, which question files never need; remove them and upload again.',
    tn: 'XML ஒரு DOCTYPE அல்லது entities ஐ அறிவிக்கிறது, கேள்விக் கோப்புகளுக்கு இவை தேவையில்லை; அவற்றை நீக்கி மீண்டும் பதிவேற்றவும்.',
  },
  xmlTooDeep: { en: 'The XML nests its elements more than {x} deep.', tn: 'XML இன் கூறுகள் {x} நிலைகளுக்கு மேல் ஒன்றுக்குள் ஒன்றாக உள்ளன.' },
  notMoodleXml: { en: 'The XML has no <quiz> element of Moodle questions.', tn: 'XML இல் Moodle கேள்விகளின் <quiz> கூறு இல்லை.' },
  badSpreadsheet: { en: 'The spreadsheet could not be read: {x}', tn: 'விரிதாளைப் படிக்க முடியவில்லை: {x}' },
  invalidValue: { en: '{x}', tn: '{x}' },
  /** The two options of an imported true/false question. */
  trueOption: { en: 'True', tn: 'சரி' },
  falseOption: { en: 'False', tn: 'தவறு' },
  /** Where in the file an unreadable file failed, after its reason. */
  atLine: { en: ' (line {x})', tn: ' (வரி {x})' },
} satisfies Record<string, LocalizedText>;

export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;
