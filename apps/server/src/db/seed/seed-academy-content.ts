/**
 * Demo academy content, written for this product: NEET-style questions in English and Tamil.
 * Kept apart from the seeder so that the seeder reads as the structure it builds.
 */

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
}

export const NEET_PHYSICS: DemoQuestion[] = [
  { data: 'A body starts from rest and moves with a uniform acceleration of 2 m/s². The distance covered in the first 5 s is', options: ['10 m', '25 m', '50 m', '5 m'], correct: 2, explanation: 's = ½at² = ½ × 2 × 25 = 25 m.', topicTags: ['Kinematics'] },
  { data: 'The dimensional formula of Planck’s constant is', options: ['[ML²T⁻¹]', '[MLT⁻¹]', '[ML²T⁻²]', '[M⁰L⁰T⁰]'], correct: 1, explanation: 'E = hν, so h = E/ν has dimensions [ML²T⁻²]/[T⁻¹] = [ML²T⁻¹].', topicTags: ['Units and Measurement'] },
  { data: 'A ball is thrown vertically upward with a speed of 20 m/s (g = 10 m/s²). The maximum height reached is', options: ['10 m', '40 m', '20 m', '30 m'], correct: 3, explanation: 'h = u²/2g = 400/20 = 20 m.', topicTags: ['Kinematics'] },
  { data: 'Two resistors of 4 Ω and 12 Ω are connected in parallel. Their equivalent resistance is', options: ['16 Ω', '8 Ω', '3 Ω', '48 Ω'], correct: 3, explanation: 'R = (4 × 12)/(4 + 12) = 48/16 = 3 Ω.', topicTags: ['Current Electricity'] },
  { data: 'The focal length of a concave mirror is 10 cm. An object placed at 30 cm from it forms an image at', options: ['15 cm in front of the mirror', '7.5 cm behind the mirror', '30 cm in front of the mirror', '20 cm behind the mirror'], correct: 1, explanation: '1/v + 1/u = 1/f with u = −30, f = −10 gives v = −15 cm: real, 15 cm in front.', topicTags: ['Ray Optics'] },
  { data: 'The escape velocity from the Earth’s surface is about 11.2 km/s. For a planet with twice the Earth’s radius and the same mean density it would be', options: ['11.2 km/s', '5.6 km/s', '22.4 km/s', '44.8 km/s'], correct: 3, explanation: 'vₑ = √(2GM/R) ∝ R√ρ for the same density, so doubling R doubles vₑ.', topicTags: ['Gravitation'] },
  { data: 'In a step-up transformer, the turns ratio is 1:10. If the primary voltage is 220 V, the secondary voltage is', options: ['22 V', '2200 V', '220 V', '110 V'], correct: 2, explanation: 'Vs/Vp = Ns/Np = 10, so Vs = 2200 V.', topicTags: ['Electromagnetic Induction'] },
  { data: 'The work function of a metal is 2 eV. Light of energy 5 eV per photon falls on it. The maximum kinetic energy of the emitted photoelectrons is', options: ['7 eV', '2.5 eV', '3 eV', '10 eV'], correct: 3, explanation: 'K_max = hν − φ = 5 − 2 = 3 eV.', topicTags: ['Dual Nature of Matter'] },
  { data: 'A wire of resistance R is stretched uniformly to double its length. Its new resistance is', options: ['R/2', '2R', '4R', 'R'], correct: 3, explanation: 'Volume is constant: length doubles and area halves, so R ∝ l/A becomes 4R.', topicTags: ['Current Electricity'] },
  { data: 'The half-life of a radioactive sample is 10 days. The fraction remaining after 30 days is', options: ['1/3', '1/8', '1/6', '1/9'], correct: 2, explanation: '30 days is three half-lives: (1/2)³ = 1/8.', topicTags: ['Nuclei'] },
];

export const NEET_CHEMISTRY: DemoQuestion[] = [
  { data: 'The number of moles in 44 g of CO₂ is', options: ['0.5', '1', '2', '44'], correct: 2, explanation: 'The molar mass of CO₂ is 44 g/mol, so 44 g is 1 mol.', topicTags: ['Mole Concept'] },
  { data: 'Which of the following has the highest first ionisation enthalpy?', options: ['Na', 'Mg', 'Ne', 'Al'], correct: 3, explanation: 'Neon is a noble gas with a stable closed shell.', topicTags: ['Periodic Table'] },
  { data: 'The hybridisation of carbon in ethyne (C₂H₂) is', options: ['sp³', 'sp²', 'sp', 'dsp²'], correct: 3, explanation: 'Each carbon forms a triple bond and one single bond: two σ bonds, sp hybridisation.', topicTags: ['Chemical Bonding'] },
  { data: 'The pH of a 0.001 M HCl solution is', options: ['1', '2', '3', '11'], correct: 3, explanation: '[H⁺] = 10⁻³ M, so pH = 3.', topicTags: ['Ionic Equilibrium'] },
  { data: 'Which gas is evolved when zinc reacts with dilute sulphuric acid?', options: ['O₂', 'H₂', 'SO₂', 'H₂S'], correct: 2, explanation: 'Zn + H₂SO₄ → ZnSO₄ + H₂.', topicTags: ['Redox Reactions'] },
  { data: 'The IUPAC name of CH₃–CH₂–CHO is', options: ['Propanal', 'Propanone', 'Ethanal', 'Propan-1-ol'], correct: 1, explanation: 'Three carbons with a terminal aldehyde group: propanal.', topicTags: ['Organic Nomenclature'] },
  { data: 'The shape of the SF₆ molecule is', options: ['Tetrahedral', 'Trigonal bipyramidal', 'Octahedral', 'Square planar'], correct: 3, explanation: 'Six bond pairs and no lone pair on sulphur: octahedral.', topicTags: ['Chemical Bonding'] },
  { data: 'For a first-order reaction the rate constant is 0.693 min⁻¹. Its half-life is', options: ['0.693 min', '1 min', '10 min', '6.93 min'], correct: 2, explanation: 't½ = 0.693/k = 1 min.', topicTags: ['Chemical Kinetics'] },
  { data: 'Which of the following is an example of an aromatic compound?', options: ['Cyclohexane', 'Benzene', 'Hexane', 'Cyclohexene'], correct: 2, explanation: 'Benzene is planar, cyclic and has 6 π electrons (Hückel’s rule).', topicTags: ['Hydrocarbons'] },
  { data: 'The oxidation state of chromium in K₂Cr₂O₇ is', options: ['+3', '+6', '+7', '+2'], correct: 2, explanation: '2(+1) + 2x + 7(−2) = 0 gives x = +6.', topicTags: ['Redox Reactions'] },
];

export const NEET_BIOLOGY: DemoQuestion[] = [
  { data: 'The powerhouse of the cell is the', options: ['Nucleus', 'Ribosome', 'Mitochondrion', 'Golgi body'], correct: 3, explanation: 'Mitochondria make most of the cell’s ATP by aerobic respiration.', topicTags: ['Cell Biology'] },
  { data: 'Which of these is not a part of the male reproductive system in humans?', options: ['Vas deferens', 'Epididymis', 'Fallopian tube', 'Seminal vesicle'], correct: 3, explanation: 'The fallopian tube (oviduct) is part of the female system.', topicTags: ['Human Reproduction'] },
  { data: 'The genetic material of the tobacco mosaic virus is', options: ['Double-stranded DNA', 'Single-stranded RNA', 'Double-stranded RNA', 'Protein'], correct: 2, explanation: 'TMV carries single-stranded RNA.', topicTags: ['Molecular Basis of Inheritance'] },
  { data: 'In a monohybrid cross between two heterozygous tall pea plants (Tt × Tt), the phenotypic ratio of the offspring is', options: ['1:2:1', '3:1', '1:1', '9:3:3:1'], correct: 2, explanation: 'TT, 2 Tt and tt: three tall to one dwarf.', topicTags: ['Genetics'] },
  { data: 'Which enzyme fixes CO₂ in the Calvin cycle?', options: ['PEP carboxylase', 'RuBisCO', 'Hexokinase', 'ATP synthase'], correct: 2, explanation: 'Ribulose-1,5-bisphosphate carboxylase/oxygenase (RuBisCO) fixes CO₂ in C₃ plants.', topicTags: ['Photosynthesis'] },
  { data: 'Insulin is secreted by', options: ['α cells of the islets of Langerhans', 'β cells of the islets of Langerhans', 'The adrenal cortex', 'The thyroid'], correct: 2, explanation: 'β cells secrete insulin; α cells secrete glucagon.', topicTags: ['Chemical Coordination'] },
  { data: 'The functional unit of the kidney is the', options: ['Neuron', 'Nephron', 'Alveolus', 'Villus'], correct: 2, explanation: 'Each kidney has about a million nephrons.', topicTags: ['Excretion'] },
  { data: 'Which blood group is the universal donor?', options: ['A', 'B', 'AB', 'O'], correct: 4, explanation: 'Group O red cells carry neither A nor B antigens.', topicTags: ['Body Fluids'] },
  { data: 'Crossing over takes place during', options: ['Leptotene', 'Zygotene', 'Pachytene', 'Diplotene'], correct: 3, explanation: 'Exchange between non-sister chromatids happens at pachytene of prophase I.', topicTags: ['Cell Division'] },
  { data: 'The layer of the atmosphere that contains the ozone layer is the', options: ['Troposphere', 'Stratosphere', 'Mesosphere', 'Thermosphere'], correct: 2, explanation: 'Stratospheric ozone absorbs UV-B radiation.', topicTags: ['Environmental Issues'] },
];

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
  { data: 'Which of these quantities are vectors? (choose all that apply)', questionType: 'multipleChoice', options: ['Velocity', 'Speed', 'Force', 'Mass'], correct: [1, 3], allowsPartialCredit: true, explanation: 'Velocity and force have direction; speed and mass do not.', hint: 'Does the quantity have a direction?', topicTags: ['Kinematics'] },
  { data: 'A car travels 120 km in 2 hours. Its average speed is {0} km/h, which is {0} m/s (to one decimal).', questionType: 'text', blanks: [{ value: '60' }, { value: '16.7', tolerance: 0.1 }], allowsPartialCredit: true, explanation: '120/2 = 60 km/h = 60 × 5/18 ≈ 16.7 m/s.', hint: 'Multiply km/h by 5/18 to get m/s.', topicTags: ['Kinematics'] },
  { data: 'Newton’s {0} law of motion states that every action has an equal and opposite reaction.', questionType: 'text', blanks: [{ value: 'third', alternatives: ['3rd', '3'] }], explanation: 'The third law.', topicTags: ['Laws of Motion'] },
  { data: 'In the circuit shown, what current flows through the 6 Ω resistor?', questionType: 'image', contentType: 'image', mediaUrl: CIRCUIT_SVG, options: ['0.5 A', '2 A', '72 A', '6 A'], correct: 2, explanation: 'I = V/R = 12/6 = 2 A.', hint: 'Use Ohm’s law.', topicTags: ['Current Electricity'] },
  { data: 'Watch the clip. The path of the red ball is best described as', questionType: 'video', contentType: 'video', mediaUrl: DEMO_VIDEO_URL, options: ['Uniform circular motion', 'Projectile motion (a parabola)', 'Simple harmonic motion', 'Uniform motion in a straight line'], correct: 2, explanation: 'Constant horizontal velocity with constant downward acceleration traces a parabola.', topicTags: ['Kinematics'] },
  { data: 'The acceleration due to gravity near the Earth’s surface is about', options: ['9.8 m/s²', '98 m/s²', '0.98 m/s²', '1.6 m/s²'], correct: 1, explanation: 'g ≈ 9.8 m/s².', hint: 'On the Moon it is about 1.6 m/s².', topicTags: ['Gravitation'] },
];

/** Practice set 2: written and evaluated kinds (comprehensive, programming, office files). */
export const PRACTICE_SKILLS: DemoQuestion[] = [
  { data: 'Explain in at most five lines why the rate of photosynthesis falls at very high temperatures.', questionType: 'comprehensive', lineNumber: 5, marks: 5, negativeMarks: 0, explanation: 'Enzymes such as RuBisCO denature, and stomata close to save water, limiting CO₂ uptake.', topicTags: ['Photosynthesis'] },
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
  { data: 'In Sheet1, enter the marks of five students in A2:A6 and use a formula in A7 to calculate the total.', questionType: 'xlsx', marks: 5, negativeMarks: 0, allowsPartialCredit: true, instructions: 'Create a sheet named Sheet1; use a formula to calculate the total.', topicTags: ['Spreadsheets'] },
  { data: 'Create a document with the heading “Cell Organelles” and a bulleted list of three organelles with their functions.', questionType: 'docx', marks: 5, negativeMarks: 0, allowsPartialCredit: true, topicTags: ['Documents'] },
  { data: 'Make a two-slide presentation: a title slide “Human Heart” and a slide listing its four chambers.', questionType: 'pptx', marks: 5, negativeMarks: 0, allowsPartialCredit: true, topicTags: ['Presentations'] },
  { data: 'Name the organelles marked X and Y in the diagram: X is the {0} and Y is the {0}.', questionType: 'text', contentType: 'image', mediaUrl: CELL_SVG, blanks: [{ value: 'nucleus' }, { value: 'mitochondrion', alternatives: ['mitochondria'] }], allowsPartialCredit: true, explanation: 'X: nucleus; Y: mitochondrion.', topicTags: ['Cell Biology'] },
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

export const NEET_INSTRUCTIONS = `<p>This mock test follows the NEET pattern: Physics, Chemistry and Biology.</p>
<ul><li>Duration: 180 minutes. The test is submitted automatically when the time is over.</li>
<li>Each correct answer: <b>+4</b>. Each wrong answer: <b>−1</b>. Unanswered: 0.</li>
<li>You may move freely between questions and sections. Your answers are saved as you go.</li></ul>`;

export const TIMED_INSTRUCTIONS = `<p>Two sections of 5 minutes each. When a section’s time is over, the next one starts and the previous one is closed.</p>
<p>Tab-away monitoring is on: leaving the test window is recorded, and after two warnings the test is submitted.</p>`;

export const MINUTE_INSTRUCTIONS = `<p>A short drill against the clock: two sections of 1 minute each. When a section’s time is over, the next one starts and the previous one is closed; answers given in time are kept.</p>`;
