import type { MatchingKey, NumericalKey } from '@app/contracts';
/**
 * Demo academy content, written for this product: NEET-style questions in English and Tamil.
 * Kept apart from the seeder so that the seeder reads as the structure it builds.
 */
import { ASSERTION_REASON_OPTIONS, MATCHING_LEFT_BASE, MATCHING_RIGHT_BASE, assertionReasonStatement, generatedCodes } from '@app/contracts';

export interface DemoQuestion {
  questionType?: string;
  difficulty?: 'easy' | 'medium' | 'hard';
  /** The same question in another language (options in the same order). */
  variants?: Partial<Record<'en' | 'tn', { data: string; options?: string[]; explanation?: string; hint?: string }>>;
  title?: string;
  data: string;
  options?: string[];
  /** 1-based option number(s) */
  correct?: number | number[];
  blanks?: { value: string; alternatives?: string[]; tolerance?: number }[];
  /** A numerical value's key: a value with a tolerance, or a range; an optional unit. */
  numerical?: NumericalKey;
  /** A matching question's key (its options carry the ids in `optionIds`). */
  matching?: MatchingKey;
  /** The options' ids, where they are not 1, 2, 3… (matching's lists). */
  optionIds?: number[];
  /** An ordering question's key: the 1-based option numbers in the correct order (the options are listed out of order). */
  order?: number[];
  explanation?: string;
  hint?: string;
  instructions?: string;
  topicTags?: string[];
  marks?: number;
  negativeMarks?: number;
  allowsPartialCredit?: boolean;
  numericTolerance?: number;
  mediaUrl?: string;
  contentType?: string;
  lineNumber?: number;
  /** A multiple-correct question marked as in JEE Advanced (absent: standard). */
  marking?: 'jee-advanced';
  solution?: string;
  programming?: {
    codeStubs: Record<string, string>;
    allowedLanguages: string[];
    inputFormat: string;
    outputFormat: string;
    constraints: string;
    timeLimitMs: number;
    memoryLimitMb: number;
  };
  sampleCases?: { input: string; output: string }[];
  hiddenCases?: { input: string; output: string }[];
  startFileUrl?: string;
  /** An office question's demo files (office.demo.ts): start file, solution and rubric, filled in by the seeder. */
  office?: string;
  rubric?: string;
}

export const TIMED_PHYSICS: DemoQuestion[] = [
  { data: 'The SI unit of electric charge is the', options: ['Ampere', 'Coulomb', 'Volt', 'Ohm'], correct: 2, explanation: '1 C = 1 A·s.', topicTags: ['Electrostatics'] },
  { data: 'The speed of light in vacuum is approximately', options: ['3 × 10⁶ m/s', '3 × 10⁸ m/s', '3 × 10¹⁰ m/s', '3 × 10⁵ m/s'], correct: 2, explanation: 'c ≈ 2.998 × 10⁸ m/s.', topicTags: ['Electromagnetic Waves'] },
  { data: 'A force of 10 N acts on a 2 kg mass. Its acceleration is', options: ['20 m/s²', '5 m/s²', '0.2 m/s²', '12 m/s²'], correct: 2, explanation: 'a = F/m = 5 m/s².', topicTags: ['Laws of Motion'] },
];

export const TIMED_CHEMISTRY: DemoQuestion[] = [
  { data: 'Avogadro’s number is approximately', options: ['6.022 × 10²³', '6.022 × 10²²', '3.011 × 10²³', '1.66 × 10⁻²⁴'], correct: 1, explanation: 'N_A = 6.022 × 10²³ mol⁻¹.', topicTags: ['Mole Concept'] },
  { data: 'The most electronegative element is', options: ['Oxygen', 'Chlorine', 'Fluorine', 'Nitrogen'], correct: 3, explanation: 'Fluorine: 4.0 on the Pauling scale.', topicTags: ['Periodic Table'] },
  { data: 'Common salt is chemically', options: ['KCl', 'NaCl', 'Na₂CO₃', 'NaHCO₃'], correct: 2, explanation: 'Sodium chloride.', topicTags: ['Basic Chemistry'] },
];

/** The one-minute quiz: two questions per section, so a section's time can run out in a short session. */
export const MINUTE_PHYSICS: DemoQuestion[] = [
  { data: 'The SI unit of power is the', options: ['Joule', 'Watt', 'Newton', 'Pascal'], correct: 2, explanation: '1 W = 1 J/s.', topicTags: ['Work, Energy and Power'] },
  { data: 'The acceleration due to gravity near the Earth’s surface is about', options: ['9.8 m/s²', '1.6 m/s²', '98 m/s²', '0.98 m/s²'], correct: 1, explanation: 'g ≈ 9.8 m/s².', topicTags: ['Gravitation'] },
];

export const MINUTE_CHEMISTRY: DemoQuestion[] = [
  { data: 'The pH of pure water at 25 °C is', options: ['0', '7', '14', '1'], correct: 2, explanation: '[H⁺] = 10⁻⁷ mol/L.', topicTags: ['Equilibrium'] },
  { data: 'The chemical symbol of sodium is', options: ['S', 'So', 'Na', 'Sd'], correct: 3, explanation: 'From the Latin natrium.', topicTags: ['Basic Chemistry'] },
];

/** A small SVG diagram as a data URL (images are shown from data: URLs). */
const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">${body}</svg>`).toString('base64')}`;

const CIRCUIT_SVG = svg(
  '<rect width="320" height="180" fill="#fff"/><path d="M40 40 H280 V140 H40 Z" fill="none" stroke="#222" stroke-width="3"/><rect x="120" y="30" width="80" height="20" fill="#fff" stroke="#222" stroke-width="3"/><text x="160" y="25" font-size="14" text-anchor="middle">6 Ω</text><line x1="30" y1="80" x2="50" y2="80" stroke="#222" stroke-width="3"/><line x1="34" y1="95" x2="46" y2="95" stroke="#222" stroke-width="3"/><text x="70" y="92" font-size="14">12 V</text>',
);
const CELL_SVG = svg(
  '<rect width="320" height="180" fill="#fff"/><ellipse cx="160" cy="90" rx="140" ry="75" fill="#e8f5e9" stroke="#2e7d32" stroke-width="3"/><circle cx="160" cy="90" r="28" fill="#c5cae9" stroke="#303f9f" stroke-width="3"/><text x="160" y="95" font-size="12" text-anchor="middle">X</text><ellipse cx="80" cy="70" rx="22" ry="10" fill="#ffccbc" stroke="#bf360c" stroke-width="2"/><text x="80" y="74" font-size="10" text-anchor="middle">Y</text>',
);

/** A CC0 sample clip from MDN’s examples, used for the demo video lesson and question. */
/** Shipped in apps/server/assets/academy and copied into the uploads folder by the seeder. */
export const DEMO_VIDEO_FILE = 'projectile-motion.webm';
export const DEMO_VIDEO_URL = `/api/academy/v1/media/${DEMO_VIDEO_FILE}`;

/** Practice set 1: every choice kind, blanks, image and video questions. */
export const PRACTICE_MECHANICS: DemoQuestion[] = [
  { data: 'Which of these quantities are vectors? (choose all that apply)', questionType: 'multipleChoice', options: ['Velocity', 'Speed', 'Force', 'Mass'], correct: [1, 3], allowsPartialCredit: true, explanation: 'Velocity and force have direction; speed and mass do not.', hint: 'Does the quantity have a direction?', topicTags: ['Kinematics'], variants: { tn: { data: 'பின்வருவனவற்றில் வெக்டர் அளவுகள் எவை? (பொருந்தும் அனைத்தையும் தேர்வு செய்க)', options: ['திசைவேகம்', 'வேகம்', 'விசை', 'நிறை'], explanation: 'திசைவேகத்துக்கும் விசைக்கும் திசை உண்டு; வேகத்துக்கும் நிறைக்கும் இல்லை.', hint: 'அந்த அளவுக்குத் திசை உண்டா?' } } },
  { data: 'A car travels 120 km in 2 hours. Its average speed is {0} km/h, which is {0} m/s (to one decimal).', questionType: 'text', blanks: [{ value: '60' }, { value: '16.7', tolerance: 0.1 }], allowsPartialCredit: true, explanation: '120/2 = 60 km/h = 60 × 5/18 ≈ 16.7 m/s.', hint: 'Multiply km/h by 5/18 to get m/s.', topicTags: ['Kinematics'] },
  { data: 'Newton’s {0} law of motion states that every action has an equal and opposite reaction.', questionType: 'text', blanks: [{ value: 'third', alternatives: ['3rd', '3'] }], explanation: 'The third law.', topicTags: ['Laws of Motion'] },
  { data: 'In the circuit shown, what current flows through the 6 Ω resistor?', questionType: 'image', contentType: 'image', mediaUrl: CIRCUIT_SVG, options: ['0.5 A', '2 A', '72 A', '6 A'], correct: 2, explanation: 'I = V/R = 12/6 = 2 A.', hint: 'Use Ohm’s law.', topicTags: ['Current Electricity'] },
  { data: 'Watch the clip. The path of the red ball is best described as', questionType: 'video', contentType: 'video', mediaUrl: DEMO_VIDEO_URL, options: ['Uniform circular motion', 'Projectile motion (a parabola)', 'Simple harmonic motion', 'Uniform motion in a straight line'], correct: 2, explanation: 'Constant horizontal velocity with constant downward acceleration traces a parabola.', topicTags: ['Kinematics'] },
  { data: 'The acceleration due to gravity near the Moon’s surface is about', options: ['1.6 m/s²', '9.8 m/s²', '0.16 m/s²', '16 m/s²'], correct: 1, explanation: 'g on the Moon ≈ 1.6 m/s², about a sixth of the Earth’s 9.8 m/s².', hint: 'About a sixth of the Earth’s value.', topicTags: ['Gravitation'] },
];

const ar = (language: 'en' | 'tn', assertion: string, reason: string) => ({ data: assertionReasonStatement(language, { assertion, reason }), options: [...ASSERTION_REASON_OPTIONS[language]] });

/** NEET's assertion and reason, in English and Tamil: the statement and the four options are generated from the two sentences. */
export const PRACTICE_ASSERTION_REASON: DemoQuestion[] = [
  {
    questionType: 'assertionReason',
    contentType: 'html',
    ...ar('en', 'Mitochondria are called the powerhouse of the cell.', 'Aerobic respiration, which makes most of the cell’s ATP, takes place in mitochondria.'),
    correct: 1,
    explanation: 'Both are true, and the ATP made by aerobic respiration is why mitochondria are called the powerhouse.',
    topicTags: ['Cell Biology'],
    variants: {
      tn: {
        ...ar('tn', 'மைட்டோகாண்ட்ரியா செல்லின் ஆற்றல் மையம் என்று அழைக்கப்படுகிறது.', 'செல்லின் பெரும்பாலான ATP-யை உருவாக்கும் காற்றுள்ள சுவாசம் மைட்டோகாண்ட்ரியாவில் நடைபெறுகிறது.'),
        explanation: 'இரண்டும் உண்மை; காற்றுள்ள சுவாசம் உருவாக்கும் ATP-யால்தான் மைட்டோகாண்ட்ரியா ஆற்றல் மையம் எனப்படுகிறது.',
      },
    },
  },
  {
    questionType: 'assertionReason',
    contentType: 'html',
    ...ar('en', 'Ribosomes are found in both prokaryotic and eukaryotic cells.', 'Ribosomes are bounded by a double membrane.'),
    correct: 3,
    explanation: 'Ribosomes have no membrane at all, so the reason is false.',
    topicTags: ['Cell Biology'],
    variants: {
      tn: {
        ...ar('tn', 'ரைபோசோம்கள் புரோகேரியோட்டிக், யூகேரியோட்டிக் செல்கள் இரண்டிலும் காணப்படுகின்றன.', 'ரைபோசோம்கள் இரட்டைச் சவ்வால் சூழப்பட்டுள்ளன.'),
        explanation: 'ரைபோசோம்களுக்குச் சவ்வே இல்லை; எனவே காரணம் தவறு.',
      },
    },
  },
  {
    questionType: 'assertionReason',
    contentType: 'html',
    ...ar('en', 'A plant cell bursts when placed in pure water.', 'Water enters a cell placed in a hypotonic solution by osmosis.'),
    correct: 4,
    explanation: 'Water does enter by osmosis, but the cell wall keeps a plant cell from bursting: it becomes turgid.',
    topicTags: ['Cell Biology'],
    variants: {
      tn: {
        ...ar('tn', 'தூய நீரில் வைக்கப்படும் தாவரச் செல் வெடித்துவிடும்.', 'குறை அடர்வுக் கரைசலில் வைக்கப்படும் செல்லுக்குள் சவ்வூடுபரவல் மூலம் நீர் நுழைகிறது.'),
        explanation: 'சவ்வூடுபரவல் மூலம் நீர் நுழைவது உண்மை; ஆனால் செல் சுவர் தாவரச் செல்லை வெடிக்க விடாது, அது விறைப்பாகிறது.',
      },
    },
  },
];

interface MatchingLanguage {
  data: string;
  left: string[];
  right: string[];
  explanation: string;
}

/** A matching question in English and Tamil: list I and list II, the list II item (1-based) of each list I item; coded ones get the four generated codes. */
function matchingDemo(presentation: MatchingKey['presentation'], key: number[], en: MatchingLanguage, tn: MatchingLanguage, topicTags: string[]): DemoQuestion {
  const pairs = key.map((right, i) => ({ left: MATCHING_LEFT_BASE + i + 1, right: MATCHING_RIGHT_BASE + right }));
  const codes = presentation === 'coded' ? generatedCodes(pairs, en.right.map((_, j) => MATCHING_RIGHT_BASE + j + 1)) : null;
  const optionIds = [...en.left.map((_, i) => MATCHING_LEFT_BASE + i + 1), ...en.right.map((_, j) => MATCHING_RIGHT_BASE + j + 1), ...(codes ? [1, 2, 3, 4] : [])];
  const options = (language: MatchingLanguage) => [...language.left, ...language.right, ...(codes?.codes ?? [])];
  return {
    questionType: 'matching',
    data: en.data,
    options: options(en),
    optionIds,
    ...(codes ? { correct: codes.correct } : { allowsPartialCredit: true }),
    matching: { presentation, pairs },
    explanation: en.explanation,
    topicTags,
    variants: { tn: { data: tn.data, options: options(tn), explanation: tn.explanation } },
  };
}

/** Practice set: NEET's "match list I with list II", matched in pairs and as four codes, in English and Tamil. */
export const PRACTICE_MATCHING: DemoQuestion[] = [
  matchingDemo(
    'pairs',
    [3, 1, 4, 2],
    {
      data: 'Match list I (cell organelle) with list II (its function).',
      left: ['Mitochondria', 'Ribosome', 'Lysosome', 'Golgi apparatus'],
      right: ['Protein synthesis', 'Packaging and secretion', 'Aerobic respiration', 'Intracellular digestion'],
      explanation: 'Mitochondria respire aerobically, ribosomes make proteins, lysosomes digest and the Golgi apparatus packages and secretes.',
    },
    {
      data: 'பட்டியல் I (செல் நுண்ணுறுப்பு) ஐ பட்டியல் II (அதன் பணி) உடன் பொருத்துக.',
      left: ['மைட்டோகாண்ட்ரியா', 'ரைபோசோம்', 'லைசோசோம்', 'கோல்கை உறுப்பு'],
      right: ['புரதச் சேர்க்கை', 'பொதியாக்கமும் சுரத்தலும்', 'காற்றுள்ள சுவாசம்', 'செல்லக செரித்தல்'],
      explanation: 'மைட்டோகாண்ட்ரியா காற்றுள்ள சுவாசம் நடத்துகிறது, ரைபோசோம் புரதம் சேர்க்கிறது, லைசோசோம் செரிக்கிறது, கோல்கை உறுப்பு பொதியாக்கிச் சுரக்கிறது.',
    },
    ['Cell Biology'],
  ),
  matchingDemo(
    'pairs',
    [2, 4, 1],
    {
      data: 'Match list I (plant tissue) with list II (its work). List II has one item too many.',
      left: ['Xylem', 'Phloem', 'Meristem'],
      right: ['Cell division', 'Conducting water', 'Storing starch', 'Conducting food'],
      explanation: 'Xylem conducts water, phloem conducts food and meristem divides; storing starch matches none of them.',
    },
    {
      data: 'பட்டியல் I (தாவரத் திசு) ஐ பட்டியல் II (அதன் பணி) உடன் பொருத்துக. பட்டியல் II-இல் ஓர் உருப்படி கூடுதலாக உள்ளது.',
      left: ['சைலம்', 'புளோயம்', 'ஆக்குத்திசு'],
      right: ['செல் பகுப்பு', 'நீரைக் கடத்துதல்', 'தரசத்தைச் சேமித்தல்', 'உணவைக் கடத்துதல்'],
      explanation: 'சைலம் நீரைக் கடத்துகிறது, புளோயம் உணவைக் கடத்துகிறது, ஆக்குத்திசு பகுப்படைகிறது; தரசச் சேமிப்பு எதனுடனும் பொருந்தாது.',
    },
    ['Cell Biology'],
  ),
  matchingDemo(
    'coded',
    [2, 3, 4, 1],
    {
      data: 'Match list I (scientist) with list II (discovery) and choose the right code.',
      left: ['Robert Hooke', 'Robert Brown', 'Schleiden and Schwann', 'Rudolf Virchow'],
      right: ['Cells arise from pre-existing cells', 'Cells, in cork', 'The nucleus', 'The cell theory'],
      explanation: 'Hooke saw cells in cork, Brown found the nucleus, Schleiden and Schwann proposed the cell theory and Virchow said cells arise from cells.',
    },
    {
      data: 'பட்டியல் I (அறிவியலாளர்) ஐ பட்டியல் II (கண்டுபிடிப்பு) உடன் பொருத்தி, சரியான குறியீட்டைத் தேர்வு செய்க.',
      left: ['ராபர்ட் ஹூக்', 'ராபர்ட் பிரவுன்', 'ஷ்லைடனும் ஷ்வானும்', 'ருடால்ஃப் விர்ச்சோ'],
      right: ['செல்கள் முன்பே உள்ள செல்களிலிருந்து தோன்றுகின்றன', 'தக்கையில் செல்கள்', 'உட்கரு', 'செல் கொள்கை'],
      explanation: 'ஹூக் தக்கையில் செல்களைக் கண்டார், பிரவுன் உட்கருவைக் கண்டறிந்தார், ஷ்லைடனும் ஷ்வானும் செல் கொள்கையை முன்வைத்தனர், விர்ச்சோ செல்கள் செல்களிலிருந்தே தோன்றும் என்றார்.',
    },
    ['Cell Biology'],
  ),
];

/**
 * Practice set: "one or more correct" questions marked as in JEE Advanced (full marks for every
 * correct option and no wrong one, +1 per correct option chosen when no wrong one is, −2 when any
 * wrong one is), in English and Tamil.
 */
export const PRACTICE_JEE_ADVANCED: DemoQuestion[] = [
  {
    data: 'Which of the following are conserved in an elastic collision of two bodies? (one or more correct)',
    questionType: 'multipleChoice',
    marking: 'jee-advanced',
    options: ['Total linear momentum', 'Total kinetic energy', 'The velocity of each body', 'Total energy'],
    correct: [1, 2, 4],
    marks: 4,
    negativeMarks: 2,
    explanation: 'In an elastic collision momentum, kinetic energy and total energy are all conserved; each body’s velocity changes.',
    topicTags: ['Laws of Motion'],
    variants: {
      tn: {
        data: 'இரு பொருள்களின் மீட்சி மோதலில் பின்வருவனவற்றில் எவை மாறாமல் இருக்கும்? (ஒன்று அல்லது அதற்கு மேற்பட்டவை சரி)',
        options: ['மொத்த நேர்கோட்டு உந்தம்', 'மொத்த இயக்க ஆற்றல்', 'ஒவ்வொரு பொருளின் திசைவேகம்', 'மொத்த ஆற்றல்'],
        explanation: 'மீட்சி மோதலில் உந்தம், இயக்க ஆற்றல், மொத்த ஆற்றல் மூன்றும் மாறாது; ஒவ்வொரு பொருளின் திசைவேகமும் மாறும்.',
      },
    },
  },
  {
    data: 'A body moves in a circle at constant speed. Which of the following are true? (one or more correct)',
    questionType: 'multipleChoice',
    marking: 'jee-advanced',
    options: ['Its velocity is constant', 'Its acceleration points to the centre', 'The net force on it is zero', 'Its kinetic energy is constant'],
    correct: [2, 4],
    marks: 4,
    negativeMarks: 2,
    explanation: 'The direction of the velocity changes, so there is a centripetal acceleration and a net force; the speed, hence the kinetic energy, is constant.',
    topicTags: ['Laws of Motion'],
    variants: {
      tn: {
        data: 'ஒரு பொருள் மாறாத வேகத்தில் வட்டப் பாதையில் இயங்குகிறது. பின்வருவனவற்றில் எவை சரி? (ஒன்று அல்லது அதற்கு மேற்பட்டவை சரி)',
        options: ['அதன் திசைவேகம் மாறாது', 'அதன் முடுக்கம் மையத்தை நோக்கியது', 'அதன் மீதான நிகர விசை சுழி', 'அதன் இயக்க ஆற்றல் மாறாது'],
        explanation: 'திசைவேகத்தின் திசை மாறுவதால் மையநோக்கு முடுக்கமும் நிகர விசையும் உண்டு; வேகம் மாறாததால் இயக்க ஆற்றல் மாறாது.',
      },
    },
  },
];

/** Practice set: numerical values as JEE Main section B asks them (typed on the number pad), in English and Tamil. */
export const PRACTICE_NUMERICAL: DemoQuestion[] = [
  {
    data: 'A ball is dropped from rest from a height of 20 m. Taking g = 10 m/s², how long (in seconds) does it take to reach the ground?',
    questionType: 'numerical',
    numerical: { value: 2, tolerance: 0, unit: 's' },
    explanation: 'h = ½gt², so t = √(2h/g) = √4 = 2 s.',
    hint: 'Use h = ½gt².',
    topicTags: ['Kinematics'],
    variants: { tn: { data: 'ஓய்வு நிலையிலுள்ள ஒரு பந்து 20 m உயரத்திலிருந்து விடப்படுகிறது. g = 10 m/s² எனக் கொண்டால், அது தரையை அடைய எத்தனை வினாடிகள் ஆகும்?', explanation: 'h = ½gt², எனவே t = √(2h/g) = √4 = 2 s.', hint: 'h = ½gt² ஐப் பயன்படுத்தவும்.' } },
  },
  {
    data: 'A 2 kg body moves with a speed of 3.5 m/s. What is its kinetic energy in joules? (Answer to one decimal place.)',
    questionType: 'numerical',
    numerical: { value: 12.25, tolerance: 0.05, unit: 'J' },
    explanation: 'KE = ½mv² = ½ × 2 × 3.5² = 12.25 J; 12.2 or 12.3 is accepted.',
    topicTags: ['Work, Energy and Power'],
    variants: { tn: { data: '2 kg நிறையுள்ள ஒரு பொருள் 3.5 m/s வேகத்தில் இயங்குகிறது. அதன் இயக்க ஆற்றல் எத்தனை ஜூல்? (ஒரு தசம இடம் வரை விடையளிக்கவும்.)', explanation: 'KE = ½mv² = ½ × 2 × 3.5² = 12.25 J; 12.2 அல்லது 12.3 ஏற்கப்படும்.' } },
  },
  {
    data: 'What is the pH of pure water at 25 °C? (Answers from 6.9 to 7.1 are accepted.)',
    questionType: 'numerical',
    numerical: { min: 6.9, max: 7.1 },
    explanation: 'Pure water is neutral: pH = 7.',
    topicTags: ['Equilibrium'],
    difficulty: 'easy',
    variants: { tn: { data: 'தூய நீரின் pH மதிப்பு 25 °C இல் எவ்வளவு? (6.9 முதல் 7.1 வரையிலான விடை ஏற்கப்படும்.)', explanation: 'தூய நீர் நடுநிலையானது: pH = 7.' } },
  },
];

/** Practice set: steps and stages put in order (Move up and Move down), in English and Tamil; the items are listed out of order. */
export const PRACTICE_ORDERING: DemoQuestion[] = [
  {
    data: 'Put the stages of mitosis in the order in which they happen.',
    questionType: 'ordering',
    options: ['Anaphase', 'Prophase', 'Telophase', 'Metaphase'],
    order: [2, 4, 1, 3],
    explanation: 'Prophase (chromosomes condense), metaphase (they line up at the equator), anaphase (chromatids separate), telophase (nuclei re-form).',
    topicTags: ['Cell Biology'],
    variants: {
      tn: {
        data: 'இழையுருப்பிரிவின் (மைட்டாசிஸ்) நிலைகளை அவை நிகழும் வரிசையில் அமைக்கவும்.',
        options: ['பின்நிலை', 'முன்நிலை', 'இறுதிநிலை', 'இடைநிலை'],
        explanation: 'முன்நிலை (குரோமோசோம்கள் சுருங்குகின்றன), இடைநிலை (அவை மையத்தளத்தில் வரிசையாக நிற்கின்றன), பின்நிலை (குரோமாட்டிட்கள் பிரிகின்றன), இறுதிநிலை (உட்கருக்கள் மீண்டும் உருவாகின்றன).',
      },
    },
  },
  {
    data: 'Arrange the levels of organisation of a living body from the smallest to the largest.',
    questionType: 'ordering',
    options: ['Tissue', 'Organ system', 'Cell', 'Organ'],
    order: [3, 1, 4, 2],
    allowsPartialCredit: true,
    explanation: 'Cells form tissues, tissues form organs, and organs working together form an organ system.',
    topicTags: ['Cell Biology'],
    difficulty: 'easy',
    variants: {
      tn: {
        data: 'உயிருடலின் அமைப்பு நிலைகளைச் சிறியதிலிருந்து பெரியது வரை வரிசைப்படுத்தவும்.',
        options: ['திசு', 'உறுப்பு மண்டலம்', 'செல்', 'உறுப்பு'],
        explanation: 'செல்கள் திசுக்களையும், திசுக்கள் உறுப்புகளையும், இணைந்து செயல்படும் உறுப்புகள் உறுப்பு மண்டலத்தையும் உருவாக்குகின்றன.',
      },
    },
  },
  {
    data: 'Put the stages of aerobic respiration in the order in which they happen.',
    questionType: 'ordering',
    options: ['Krebs cycle', 'Electron transport chain', 'Glycolysis', 'Oxidation of pyruvate to acetyl-CoA'],
    order: [3, 4, 1, 2],
    explanation: 'Glycolysis in the cytoplasm makes pyruvate; in the mitochondrion pyruvate becomes acetyl-CoA, which enters the Krebs cycle; the electron transport chain makes most of the ATP.',
    topicTags: ['Cell Biology'],
    difficulty: 'hard',
    variants: {
      tn: {
        data: 'காற்றுள்ள சுவாசத்தின் படிநிலைகளை அவை நிகழும் வரிசையில் அமைக்கவும்.',
        options: ['கிரெப்ஸ் சுழற்சி', 'எலக்ட்ரான் கடத்து சங்கிலி', 'கிளைக்காலிசிஸ்', 'பைருவேட் அசிட்டைல்-CoA ஆக ஆக்சிஜனேற்றம்'],
        explanation: 'சைட்டோபிளாசத்தில் கிளைக்காலிசிஸ் பைருவேட்டை உருவாக்குகிறது; மைட்டோகாண்ட்ரியாவில் பைருவேட் அசிட்டைல்-CoA ஆகி கிரெப்ஸ் சுழற்சியில் நுழைகிறது; பெரும்பாலான ATP-யை எலக்ட்ரான் கடத்து சங்கிலி உருவாக்குகிறது.',
      },
    },
  },
];

/** Practice set 2: written and evaluated kinds (comprehensive, programming, office files). */
export const PRACTICE_SKILLS: DemoQuestion[] = [
  { data: 'Explain in at most five lines why the rate of photosynthesis falls in very dim light.', questionType: 'comprehensive', lineNumber: 5, marks: 5, negativeMarks: 0, explanation: 'Too little light drives the light reactions, so little ATP and NADPH reach the Calvin cycle; light is the limiting factor.', topicTags: ['Photosynthesis'] },
  {
    data: 'Write a program that reads two integers a and b on one line and prints their sum.',
    questionType: 'programming',
    marks: 10,
    negativeMarks: 0,
    allowsPartialCredit: true,
    programming: {
      codeStubs: { Python: 'a, b = map(int, input().split())\n', C: '#include <stdio.h>\nint main(void) {\n  int a, b;\n  scanf("%d %d", &a, &b);\n  return 0;\n}\n' },
      allowedLanguages: ['C', 'C++', 'Java', 'Python', 'Ruby'],
      inputFormat: 'Two integers a and b separated by a space.',
      outputFormat: 'One integer: a + b.',
      constraints: '−10⁹ ≤ a, b ≤ 10⁹',
      timeLimitMs: 2000,
      memoryLimitMb: 128,
    },
    sampleCases: [{ input: '2 3\n', output: '5\n' }],
    hiddenCases: [
      { input: '-7 7\n', output: '0\n' },
      { input: '1000000000 1000000000\n', output: '2000000000\n' },
    ],
    solution: 'a, b = map(int, input().split())\nprint(a + b)\n',
    topicTags: ['Programming'],
  },
  {
    data: 'Sheet1 holds the marks of five students in A2:A6. Use a formula in A7 to calculate the total.',
    questionType: 'xlsx',
    marks: 5,
    negativeMarks: 0,
    allowsPartialCredit: true,
    instructions: 'Create a sheet named Sheet1; use a formula to calculate the total.',
    topicTags: ['Spreadsheets'],
    office: 'sheet-total',
    variants: { tn: { data: 'Sheet1-இல் A2:A6-இல் ஐந்து மாணவர்களின் மதிப்பெண்கள் உள்ளன. A7-இல் மொத்தத்தைக் கணக்கிட ஒரு சூத்திரத்தைப் பயன்படுத்தவும்.' } },
  },
  {
    data: 'Create a document with the heading “Cell Organelles” and a bulleted list of three organelles — the nucleus, the mitochondrion and the ribosome — each with its function.',
    questionType: 'docx',
    marks: 5,
    negativeMarks: 0,
    allowsPartialCredit: true,
    instructions: 'Use the Heading 1 style for the heading and a bulleted list for the organelles.',
    topicTags: ['Documents'],
    office: 'cell-organelles',
    variants: { tn: { data: '“Cell Organelles” என்ற தலைப்புடன் ஓர் ஆவணத்தை உருவாக்கி, உட்கரு (nucleus), மைட்டோகாண்ட்ரியா (mitochondrion), ரைபோசோம் (ribosome) ஆகிய மூன்று நுண்ணுறுப்புகளை அவற்றின் பணிகளுடன் புள்ளிப் பட்டியலாக எழுதவும்.' } },
  },
  {
    data: 'Make a two-slide presentation: a title slide “Human Heart” and a slide listing its four chambers (Right atrium, Right ventricle, Left atrium, Left ventricle).',
    questionType: 'pptx',
    marks: 5,
    negativeMarks: 0,
    allowsPartialCredit: true,
    topicTags: ['Presentations'],
    office: 'human-heart',
    variants: { tn: { data: 'இரண்டு ஸ்லைடுகள் கொண்ட விளக்கக்காட்சியை உருவாக்கவும்: “Human Heart” என்ற தலைப்பு ஸ்லைடு, இதயத்தின் நான்கு அறைகளைப் (Right atrium, Right ventricle, Left atrium, Left ventricle) பட்டியலிடும் ஒரு ஸ்லைடு.' } },
  },
  { data: 'Name the organelles marked X and Y in the diagram: X is the {0} and Y is the {0}.', questionType: 'text', contentType: 'image', mediaUrl: CELL_SVG, blanks: [{ value: 'nucleus' }, { value: 'mitochondrion', alternatives: ['mitochondria'] }], allowsPartialCredit: true, explanation: 'X: nucleus; Y: mitochondrion.', topicTags: ['Cell Biology'] },  {
    data: 'The sheet Marks lists five students’ Physics, Chemistry and Biology marks (out of 180, 180 and 360). Complete it: the Total of each student in column E (a formula), the Percentage in column F as the total divided by the maximum marks in B9 (use an absolute reference, two decimals), the class average of each subject in row 7, and a column chart of the totals.',
    questionType: 'xlsx',
    marks: 10,
    negativeMarks: 0,
    allowsPartialCredit: true,
    instructions: 'Use SUM for the totals, AVERAGE for the averages and $B$9 in the percentage formula.',
    topicTags: ['Spreadsheets'],
    office: 'marks-sheet',
    variants: {
      tn: {
        data: 'Marks என்ற தாளில் ஐந்து மாணவர்களின் இயற்பியல், வேதியியல், உயிரியல் மதிப்பெண்கள் (180, 180, 360-க்கு) உள்ளன. நிரப்பவும்: E நெடுவரிசையில் ஒவ்வொருவரின் மொத்தம் (சூத்திரம்), F நெடுவரிசையில் B9-இல் உள்ள அதிகபட்ச மதிப்பெண்ணால் வகுத்த சதவீதம் (முழுமையான குறிப்பு, இரண்டு தசம இடங்கள்), 7-ஆம் வரிசையில் ஒவ்வொரு பாடத்தின் வகுப்புச் சராசரி, மொத்த மதிப்பெண்களின் நெடுவரிசை வரைபடம்.',
        hint: 'மொத்தத்திற்கு SUM, சராசரிக்கு AVERAGE பயன்படுத்தவும்.',
      },
    },
  },
  {
    data: 'The document holds the text of a lab report on osmosis in potato strips. Format it: the first line as the Title, Aim, Materials, Procedure, Observations and Result as Heading 1, the materials as a bulleted list, the procedure as a numbered list of four steps, an observations table (Solution, Length before, Length after; rows for water, weak and strong salt solution: 5.0 → 5.4, 5.0 → 5.0, 5.0 → 4.5 cm), and the word “osmosis” in the result in bold.',
    questionType: 'docx',
    marks: 10,
    negativeMarks: 0,
    allowsPartialCredit: true,
    topicTags: ['Documents'],
    office: 'osmosis-lab-report',
    variants: {
      tn: {
        data: 'உருளைக்கிழங்குத் துண்டுகளில் சவ்வூடுபரவல் (osmosis) பற்றிய ஆய்வக அறிக்கையின் உரை ஆவணத்தில் உள்ளது. வடிவமைக்கவும்: முதல் வரியை Title ஆகவும், Aim, Materials, Procedure, Observations, Result ஆகியவற்றை Heading 1 ஆகவும், பொருட்களைப் புள்ளிப் பட்டியலாகவும், செயல்முறையை நான்கு படிகள் கொண்ட எண்ணிடப்பட்ட பட்டியலாகவும், அவதானிப்பு அட்டவணையையும் (நீர், நீர்த்த உப்புக் கரைசல், அடர் உப்புக் கரைசல்: 5.0 → 5.4, 5.0 → 5.0, 5.0 → 4.5 செ.மீ) சேர்த்து, முடிவில் “osmosis” என்ற சொல்லைத் தடித்த எழுத்தில் ஆக்கவும்.',
      },
    },
  },
  {
    data: 'Extend the presentation “Photosynthesis” to four slides: “Raw materials” (Carbon dioxide, Water, Sunlight, with “absorbed by chlorophyll” one level below Sunlight), “Two stages” (a table: Stage, Where, Product for the light and dark reactions), and “Summary” (the overall equation, a picture, and the speaker note “Oxygen comes from water, not from carbon dioxide.”).',
    questionType: 'pptx',
    marks: 10,
    negativeMarks: 0,
    allowsPartialCredit: true,
    topicTags: ['Presentations'],
    office: 'photosynthesis-deck',
    variants: {
      tn: {
        data: '“Photosynthesis” விளக்கக்காட்சியை நான்கு ஸ்லைடுகளாக விரிவாக்கவும்: “Raw materials” (Carbon dioxide, Water, Sunlight; Sunlight-க்குக் கீழ் ஒரு நிலையில் “absorbed by chlorophyll”), “Two stages” (ஒளி வினை, இருள் வினைக்கு Stage, Where, Product அட்டவணை), “Summary” (மொத்தச் சமன்பாடு, ஒரு படம், “Oxygen comes from water, not from carbon dioxide.” என்ற பேச்சாளர் குறிப்பு).',
      },
    },
  },
];

/** Tamil practice set (பயிற்சி). */
export const PRACTICE_TAMIL: DemoQuestion[] = [
  {
    data: 'செல்லின் ஆற்றல் மையம் எது?',
    options: ['உட்கரு', 'மைட்டோகாண்ட்ரியா', 'ரைபோசோம்', 'கோல்கை உறுப்பு'],
    correct: 2,
    explanation: 'மைட்டோகாண்ட்ரியா ATP-ஐ உற்பத்தி செய்கிறது.',
    hint: 'ATP உற்பத்தி எங்கு நடக்கிறது?',
    topicTags: ['செல் உயிரியல்'],
    difficulty: 'easy',
    variants: { en: { data: 'Which is the powerhouse of the cell?', options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Golgi body'], explanation: 'Mitochondria make ATP.', hint: 'Where is ATP made?' } },
  },
  {
    data: 'ஒளிச்சேர்க்கையில் வெளியிடப்படும் வாயு எது?',
    options: ['கார்பன் டை ஆக்சைடு', 'நைட்ரஜன்', 'ஆக்சிஜன்', 'ஹைட்ரஜன்'],
    correct: 3,
    explanation: 'நீர் பிளக்கப்படும்போது ஆக்சிஜன் வெளியாகிறது.',
    topicTags: ['ஒளிச்சேர்க்கை'],
    difficulty: 'easy',
    variants: { en: { data: 'Which gas is released in photosynthesis?', options: ['Carbon dioxide', 'Nitrogen', 'Oxygen', 'Hydrogen'], explanation: 'Oxygen is released when water is split.' } },
  },
  {
    data: 'நீரின் வேதிவாய்பாடு {0} ஆகும்.',
    questionType: 'text',
    blanks: [{ value: 'H2O', alternatives: ['H₂O'] }],
    explanation: 'இரண்டு ஹைட்ரஜன், ஒரு ஆக்சிஜன்: H₂O.',
    topicTags: ['அடிப்படை வேதியியல்'],
    difficulty: 'easy',
    variants: { en: { data: 'The chemical formula of water is {0}.', explanation: 'Two hydrogens and one oxygen: H₂O.' } },
  },
  {
    data: 'பின்வருவனவற்றில் வெக்டர் அளவுகள் எவை? (பொருந்தும் அனைத்தையும் தேர்வு செய்க)',
    questionType: 'multipleChoice',
    options: ['திசைவேகம்', 'வேகம்', 'விசை', 'நிறை'],
    correct: [1, 3],
    explanation: 'திசைவேகம் மற்றும் விசைக்கு திசை உண்டு.',
    topicTags: ['இயக்கவியல்'],
    variants: { en: { data: 'Which of these quantities are vectors? (choose all that apply)', options: ['Velocity', 'Speed', 'Force', 'Mass'], explanation: 'Velocity and force have a direction.' } },
  },
  {
    data: '5 விநாடிகளில் ஓய்விலிருந்து 2 மீ/வி² முடுக்கத்துடன் ஒரு பொருள் கடக்கும் தூரம்',
    options: ['10 மீ', '25 மீ', '50 மீ', '5 மீ'],
    correct: 2,
    explanation: 's = ½at² = 25 மீ.',
    topicTags: ['இயக்கவியல்'],
    variants: {
      en: { data: 'A body starts from rest with a uniform acceleration of 2 m/s². The distance covered in 5 s is', options: ['10 m', '25 m', '50 m', '5 m'], explanation: 's = ½at² = 25 m.' },
    },
  },
];

export const LESSON_NEWTON_HTML = `<h2>Newton’s laws of motion</h2>
<p><b>First law (inertia):</b> a body stays at rest or in uniform motion in a straight line unless a net external force acts on it.</p>
<p><b>Second law:</b> the rate of change of momentum is proportional to the applied force: <i>F = ma</i> for constant mass.</p>
<p><b>Third law:</b> to every action there is an equal and opposite reaction; the two forces act on different bodies.</p>
<h3>Worked example</h3>
<p>A 2 kg trolley is pulled with a net force of 10 N. Its acceleration is a = F/m = 10/2 = <b>5 m/s²</b>.</p>
<ul><li>Always draw a free-body diagram first.</li><li>Resolve forces along the direction of motion.</li></ul>`;

export const LESSON_CELL_HTML = `<h2>The cell: structure and function</h2>
<p>The cell is the basic unit of life. Prokaryotic cells lack a membrane-bound nucleus; eukaryotic cells have one.</p>
<table><thead><tr><th>Organelle</th><th>Function</th></tr></thead><tbody>
<tr><td>Nucleus</td><td>Holds DNA; controls the cell</td></tr>
<tr><td>Mitochondrion</td><td>Aerobic respiration; ATP synthesis</td></tr>
<tr><td>Ribosome</td><td>Protein synthesis</td></tr>
<tr><td>Golgi apparatus</td><td>Packaging and secretion</td></tr></tbody></table>`;

export const LESSON_TAMIL_HTML = `<h2>செல்: அமைப்பும் பணிகளும்</h2>
<p>செல் உயிரின் அடிப்படை அலகு ஆகும். உட்கரு டிஎன்ஏ-வைக் கொண்டுள்ளது; மைட்டோகாண்ட்ரியா ஆற்றலை (ATP) உருவாக்குகிறது.</p>
<ul><li>ரைபோசோம்: புரதச் சேர்க்கை</li><li>கோல்கை உறுப்பு: பொதியாக்கம் மற்றும் சுரப்பு</li></ul>`;

export const TIMED_INSTRUCTIONS = `<p>Two sections of 5 minutes each. When a section’s time is over, the next one starts and the previous one is closed.</p>
<p>Tab-away monitoring is on: leaving the test window is recorded, and after two warnings the test is submitted.</p>`;

export const MINUTE_INSTRUCTIONS = `<p>A short drill against the clock: two sections of 1 minute each. When a section’s time is over, the next one starts and the previous one is closed; answers given in time are kept.</p>`;
