import type { LocalizedText } from '../../common/errors.js';

/**
 * What each figure of the scores across shifts means (decision 066), in English and Tamil: the
 * Exam Report's equating view shows these notes and its CSV/XLSX export writes them, from here.
 */
export const EQUATING_NOTES = {
  en: {
    raw: { term: 'Raw score', text: 'The marks this test gave, negative marks included. Shifts answer different questions, so raw scores of different shifts are not comparable.' },
    percentile: {
      term: 'Per-shift percentile (NTA)',
      text: '100 × the number of students of the same shift with a raw score at or below this one, divided by the number of students in that shift. It assumes every shift is equally able; in a small shift a few strong or weak students move it a lot.',
    },
    ability: {
      term: 'Ability (± SE)',
      text: 'The ability estimated from the calibrated questions the student answered, on the calibration’s scale (its students average 0; most lie between −2 and +2). SE is its standard error: the true ability lies within ±1 SE about two times in three, within ±2 SE about 19 times in 20.',
    },
    equated: {
      term: 'Equated score (± spread) and rank',
      text: 'The marks for right answers the same student would be expected to get on the reference form (IRT true-score equating through the calibrated questions), so every shift is on one scale and ranked together. ± is how far it moves for one SE of ability either way. Questions without a calibration are left out of the ability and the equated score and counted in the last column.',
    },
  },
  tn: {
    raw: { term: 'மூல மதிப்பெண்', text: 'இந்தத் தேர்வு வழங்கிய மதிப்பெண்கள், எதிர்மறை மதிப்பெண்கள் உட்பட. ஒவ்வொரு பிரிவும் வெவ்வேறு கேள்விகளுக்கு விடையளிப்பதால், வெவ்வேறு பிரிவுகளின் மூல மதிப்பெண்களை ஒப்பிட முடியாது.' },
    percentile: {
      term: 'பிரிவு வாரியான சதமானம் (NTA)',
      text: '100 × அதே பிரிவில் இந்த மூல மதிப்பெண் அல்லது அதற்குக் குறைவாகப் பெற்ற மாணவர்களின் எண்ணிக்கை, அந்தப் பிரிவின் மொத்த மாணவர் எண்ணிக்கையால் வகுக்கப்பட்டது. ஒவ்வொரு பிரிவும் சம திறன் கொண்டது என இது கருதுகிறது; சிறிய பிரிவில் சில வலுவான அல்லது பலவீனமான மாணவர்கள் இதைப் பெரிதும் மாற்றுவர்.',
    },
    ability: {
      term: 'திறன் (± திட்டப் பிழை)',
      text: 'மாணவர் விடையளித்த அளவீடு செய்யப்பட்ட கேள்விகளிலிருந்து மதிப்பிடப்பட்ட திறன், அளவீட்டின் அளவுகோலில் (அதன் மாணவர்களின் சராசரி 0; பெரும்பாலோர் −2 முதல் +2 வரை). திட்டப் பிழை அதன் நிச்சயமின்மை: உண்மையான திறன் ±1 திட்டப் பிழைக்குள் மூன்றில் இரண்டு முறையும், ±2 திட்டப் பிழைக்குள் இருபதில் 19 முறையும் இருக்கும்.',
    },
    equated: {
      term: 'சமன்செய்த மதிப்பெண் (± பரவல்) மற்றும் தரம்',
      text: 'அதே மாணவர் குறிப்புப் படிவத்தில் சரியான விடைகளுக்குப் பெற எதிர்பார்க்கப்படும் மதிப்பெண் (அளவீடு செய்யப்பட்ட கேள்விகள் வழியாக IRT உண்மை மதிப்பெண் சமன்செய்தல்); இதனால் எல்லாப் பிரிவுகளும் ஒரே அளவுகோலில் ஒன்றாகத் தரப்படுத்தப்படுகின்றன. ± என்பது திறன் ஒரு திட்டப் பிழை இருபுறமும் மாறும்போது இது நகரும் அளவு. அளவீடு இல்லாத கேள்விகள் திறனிலும் சமன்செய்த மதிப்பெண்ணிலும் சேர்க்கப்படாமல் கடைசி நெடுவரிசையில் எண்ணப்படுகின்றன.',
    },
  },
} as const;

/** The notes in the order the screen and the export give them. */
export const EQUATING_NOTE_ORDER = ['raw', 'percentile', 'ability', 'equated'] as const;

/** The words of the equated table's CSV/XLSX export, written "English / Tamil" in each cell. */
export const EQUATING_EXPORT_TEXTS = {
  rank: { en: 'Rank (equated)', tn: 'தரம் (சமன்செய்தது)' },
  student: { en: 'Student', tn: 'மாணவர்' },
  shift: { en: 'Shift', tn: 'பிரிவு' },
  raw: { en: 'Raw score', tn: 'மூல மதிப்பெண்' },
  total: { en: 'Total', tn: 'மொத்தம்' },
  percentile: { en: 'Per-shift percentile', tn: 'பிரிவு வாரியான சதமானம்' },
  ability: { en: 'Ability', tn: 'திறன்' },
  se: { en: 'SE', tn: 'திட்டப் பிழை' },
  equated: { en: 'Equated score', tn: 'சமன்செய்த மதிப்பெண்' },
  spread: { en: '± spread', tn: '± பரவல்' },
  calibratedQuestions: { en: 'Calibrated questions', tn: 'அளவீடு செய்யப்பட்ட கேள்விகள்' },
  excludedQuestions: { en: 'Questions left out', tn: 'விடுபட்ட கேள்விகள்' },
  unscheduled: { en: 'Outside any test window', tn: 'எந்தத் தேர்வுச் சாளரத்துக்கும் வெளியே' },
  noCalibration: {
    en: 'No item calibration covers this test’s questions yet, so there is no ability or equated score.',
    tn: 'இந்தத் தேர்வின் கேள்விகளுக்கு இன்னும் அளவீடு இல்லை, எனவே திறனும் சமன்செய்த மதிப்பெண்ணும் இல்லை.',
  },
  calibration: { en: 'Calibration', tn: 'அளவீடு' },
  clientBank: { en: 'client bank', tn: 'வாடிக்கையாளரின் முழு வினா வங்கி' },
  rasch: { en: 'Rasch', tn: 'ராஷ்' },
  referenceForm: { en: 'Reference form', tn: 'குறிப்புப் படிவம்' },
  calibratedQuestionsCount: { en: 'calibrated questions', tn: 'அளவீடு செய்யப்பட்ட கேள்விகள்' },
  marks: { en: 'marks', tn: 'மதிப்பெண்கள்' },
  figure: { en: 'Figure', tn: 'அளவு' },
  meaning: { en: 'Meaning', tn: 'பொருள்' },
} satisfies Record<string, LocalizedText>;

/** The equated table's columns, in order. */
export const EQUATING_EXPORT_COLUMNS = ['rank', 'student', 'shift', 'raw', 'total', 'percentile', 'ability', 'se', 'equated', 'spread', 'calibratedQuestions', 'excludedQuestions'] as const;
