import type { LocalizedText } from '../common/errors.js';

/**
 * The words the evaluation shows: the labels of drafted rubric checks and the reasons a file was
 * not scored, in both languages. `{a}`, `{b}`, `{c}` are values (a range, a text, a number).
 * Rubrics and runs keep the English text (an author may rewrite a label in any language); a reader
 * gets it in their language when it still has a drafted shape (the server's `localiseOfficeText`).
 */
export interface OfficeText extends LocalizedText {
  /** What a value may be, where `.+` would be too wide. */
  values?: Partial<Record<OfficeTextPlaceholder, string>>;
  /** Words of ours inside a value, in Tamil. */
  words?: Record<string, string>;
  /** Values that are themselves texts of this table. */
  nested?: OfficeTextPlaceholder[];
}
export type OfficeTextPlaceholder = 'a' | 'b' | 'c';

const FORMATS = 'bold|italic|underline';
/** An office file's kind as the reasons name it. */
export const OFFICE_KIND_NAMES = { xlsx: 'an Excel workbook', docx: 'a Word document', pptx: 'a PowerPoint presentation' } as const;
const KIND_VALUES = Object.values(OFFICE_KIND_NAMES).join('|');
const KIND_WORDS: Record<string, string> = {
  [OFFICE_KIND_NAMES.xlsx]: 'Excel பணிப்புத்தகம்',
  [OFFICE_KIND_NAMES.docx]: 'Word ஆவணம்',
  [OFFICE_KIND_NAMES.pptx]: 'PowerPoint விளக்கக்காட்சி',
};

export const OFFICE_TEXTS = {
  // Spreadsheet checks
  sheetName: { en: 'Sheet named {a}', tn: '{a} என்ற பெயருள்ள தாள்' },
  cellValue: { en: '{a} values', tn: '{a} மதிப்புகள்' },
  formula: { en: '{a} formula', tn: '{a} சூத்திரம்' },
  absoluteRef: { en: '{a} absolute references', tn: '{a} நிலையான குறிப்புகள்' },
  numberFormat: { en: '{a} number format', tn: '{a} எண் வடிவம்' },
  cellStyle: { en: '{a} style', tn: '{a} பாணி' },
  chart: { en: '{a} chart {b} ({c})', tn: '{a} வரைபடம் {b} ({c})', values: { b: '\\d+' } },
  functionUsed: { en: 'Uses {a}', tn: '{a} பயன்படுத்தப்பட்டுள்ளது' },
  // Document checks
  heading: { en: 'Heading “{a}”', tn: 'தலைப்பு “{a}”' },
  text: { en: 'Text “{a}”', tn: 'உரை “{a}”' },
  paragraphStyle: { en: 'Title style of “{a}”', tn: '“{a}” இன் தலைப்புப் பாணி' },
  list: { en: 'List item “{a}”', tn: 'பட்டியல் உருப்படி “{a}”' },
  alignment: { en: 'Alignment of “{a}”', tn: '“{a}” இன் சீரமைப்பு' },
  runFormat: {
    en: '{a} “{b}”',
    tn: '{a} “{b}”',
    values: { a: `(?:${FORMATS})(?: and (?:${FORMATS}))*` },
    words: { bold: 'தடித்த எழுத்து', italic: 'சாய்வெழுத்து', underline: 'அடிக்கோடு', and: 'மற்றும்' },
  },
  table: { en: 'Table {a} ({b})', tn: 'அட்டவணை {a} ({b})', values: { a: '\\d+' } },
  image: { en: '{a} picture(s)', tn: '{a} படம்(கள்)', values: { a: '\\d+' } },
  pageSetup: {
    en: 'Page {a} {b}',
    tn: 'பக்கம் {a} {b}',
    values: { b: 'portrait|landscape' },
    words: { portrait: 'நீள்வசம்', landscape: 'அகல்வசம்' },
  },
  // Presentation checks
  slideCount: { en: '{a} slides', tn: '{a} படவில்லைகள்', values: { a: '\\d+' } },
  slideTitle: { en: 'Slide {a} title “{b}”', tn: 'படவில்லை {a} இன் தலைப்பு “{b}”', values: { a: '\\d+' } },
  slideLayout: { en: 'Slide {a} layout ({b})', tn: 'படவில்லை {a} இன் அமைப்பு ({b})', values: { a: '\\d+' } },
  slideText: { en: 'Slide {a} text', tn: 'படவில்லை {a} இன் உரை', values: { a: '\\d+' } },
  slidePicture: { en: 'Slide {a} picture', tn: 'படவில்லை {a} இன் படம்', values: { a: '\\d+' } },
  slideTable: { en: 'Slide {a} table ({b})', tn: 'படவில்லை {a} இன் அட்டவணை ({b})', values: { a: '\\d+' } },
  slideNotes: { en: 'Slide {a} notes', tn: 'படவில்லை {a} இன் குறிப்புகள்', values: { a: '\\d+' } },
  // Why a file was not scored, or its score not recorded
  savedFileMissing: { en: 'The saved file could not be found.', tn: 'சேமித்த கோப்பைக் கண்டுபிடிக்க முடியவில்லை.' },
  solutionUnreadable: {
    en: 'The solution of this question could not be read. Please tell your teacher.',
    tn: 'இந்தக் கேள்வியின் தீர்வுக் கோப்பைப் படிக்க முடியவில்லை. உங்கள் ஆசிரியரிடம் தெரிவிக்கவும்.',
  },
  evaluatorFailed: { en: 'The evaluator failed. Please try again.', tn: 'மதிப்பீட்டாளர் தோல்வியடைந்தது. மீண்டும் முயற்சிக்கவும்.' },
  evaluationTooLong: { en: 'The evaluation took longer than {a} s.', tn: 'மதிப்பீட்டுக்கு {a} வினாடிகளுக்கு மேல் ஆனது.', values: { a: '\\d+' } },
  attemptClosed: {
    en: 'The attempt was closed before the evaluation ended: the score was not recorded.',
    tn: 'மதிப்பீடு முடிவதற்குள் முயற்சி மூடப்பட்டது: மதிப்பெண் பதிவு செய்யப்படவில்லை.',
  },
  gradingUnavailable: {
    en: 'The grading service is not available: the score was not recorded.',
    tn: 'மதிப்பெண் சேவை கிடைக்கவில்லை: மதிப்பெண் பதிவு செய்யப்படவில்லை.',
  },
  notRecorded: { en: 'The score was not recorded: {a}', tn: 'மதிப்பெண் பதிவு செய்யப்படவில்லை: {a}', nested: ['a'] },
  notRecordedReason: { en: 'the test did not accept it', tn: 'தேர்வு அதை ஏற்கவில்லை' },
  fileEmpty: { en: 'The file is empty.', tn: 'கோப்பு காலியாக உள்ளது.' },
  fileTooLarge: { en: 'The file is too large.', tn: 'கோப்பு மிகப் பெரியது.' },
  fileEncrypted: {
    en: 'The file is password-protected (an encrypted package) or in the old binary format.',
    tn: 'கோப்பு கடவுச்சொல்லால் பாதுகாக்கப்பட்டுள்ளது (மறையாக்கப்பட்ட தொகுப்பு) அல்லது பழைய இருமக் கோப்பு வடிவில் உள்ளது.',
  },
  fileNotOffice: { en: 'The file is not an office file (no zip package).', tn: 'இது அலுவலகக் கோப்பு அல்ல (zip தொகுப்பு இல்லை).' },
  fileKindsDiffer: { en: 'The files are of different kinds.', tn: 'கோப்புகள் வெவ்வேறு வகையைச் சேர்ந்தவை.' },
  fileUnreadable: { en: 'The file could not be read: {a}', tn: 'கோப்பைப் படிக்க முடியவில்லை: {a}' },
  fileDamaged: { en: 'The file is damaged: {a}', tn: 'கோப்பு சேதமடைந்துள்ளது: {a}' },
  fileTooManyParts: { en: 'The file has too many parts.', tn: 'கோப்பில் மிக அதிகமான பகுதிகள் உள்ளன.' },
  fileTooLargeUnpacked: { en: 'The file is too large once unpacked.', tn: 'விரித்த பின் கோப்பு மிகப் பெரியது.' },
  fileHasDtd: { en: 'An XML part declares a DTD.', tn: 'ஒரு XML பகுதி DTD-ஐ அறிவிக்கிறது.' },
  fileXmlBroken: { en: 'An XML part is not well formed: {a}', tn: 'ஒரு XML பகுதி சரியான வடிவில் இல்லை: {a}' },
  fileNoMainPart: { en: 'The file has no {a}.', tn: 'கோப்பில் {a} இல்லை.' },
  partHasDtd: { en: 'The part {a} declares a DTD, which office files never need.', tn: '{a} பகுதி DTD-ஐ அறிவிக்கிறது; அலுவலகக் கோப்புகளுக்கு அது தேவையில்லை.' },
  partTooLarge: { en: 'The part {a} is too large once unpacked.', tn: 'விரித்த பின் {a} பகுதி மிகப் பெரியது.' },
  partOverCompressed: { en: 'The part {a} is compressed suspiciously well (a zip bomb?).', tn: '{a} பகுதி சந்தேகத்துக்குரிய அளவில் சுருக்கப்பட்டுள்ளது (zip குண்டா?).' },
  partUnknownCompression: { en: 'The part {a} uses an unknown compression.', tn: '{a} பகுதி தெரியாத சுருக்க முறையைப் பயன்படுத்துகிறது.' },
  notKind: { en: 'This is not {a}.', tn: 'இது {a} அல்ல.', values: { a: KIND_VALUES }, words: KIND_WORDS },
  notKindButIs: { en: 'This is not {a} (it is {b}).', tn: 'இது {a} அல்ல (இது {b}).', values: { a: KIND_VALUES, b: KIND_VALUES }, words: KIND_WORDS },
} satisfies Record<string, OfficeText>;

export type OfficeTextKey = keyof typeof OFFICE_TEXTS;
