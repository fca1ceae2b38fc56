import type { Language } from '@app/contracts';

/**
 * Spoken text of a typeset formula, in the interface's language, for screen readers (decision 054).
 * It reads the MathML that KaTeX already writes beside its drawing, so "½mv²" is spoken as
 * "1 over 2 m v squared" instead of "1 2 m v 2", and a formula alone in an option's label gives
 * that option a name. Speech engines for MathML speak English only; this covers what questions
 * use (fractions, powers, indices, roots, arrows, operators, Greek letters, chemistry).
 */
interface MathWords {
  over: string;
  fraction: string;
  endFraction: string;
  squared: string;
  cubed: string;
  toThePower: string;
  endPower: string;
  superscript: string;
  sub: string;
  squareRoot: string;
  root: string;
  endRoot: string;
  operators: Record<string, string>;
  letters: Record<string, string>;
}

const GREEK = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'lambda', 'mu', 'nu', 'xi', 'pi', 'rho', 'sigma', 'tau', 'phi', 'chi', 'psi', 'omega'] as const;
const GREEK_SMALL = 'αβγδεζηθλμνξπρστφχψω';
const GREEK_CAPITAL: Record<string, (typeof GREEK)[number]> = { Γ: 'gamma', Δ: 'delta', Θ: 'theta', Λ: 'lambda', Π: 'pi', Σ: 'sigma', Φ: 'phi', Ψ: 'psi', Ω: 'omega' };

function letterTable(names: Record<(typeof GREEK)[number], string>, capital: string): Record<string, string> {
  const table: Record<string, string> = {};
  GREEK.forEach((name, i) => (table[GREEK_SMALL[i]!] = names[name]));
  table['ϵ'] = names.epsilon;
  table['ϕ'] = names.phi;
  table['ϑ'] = names.theta;
  for (const [letter, name] of Object.entries(GREEK_CAPITAL)) table[letter] = `${capital} ${names[name]}`;
  return table;
}

const WORDS: Record<Language, MathWords> = {
  en: {
    over: 'over',
    fraction: 'fraction',
    endFraction: 'end fraction',
    squared: 'squared',
    cubed: 'cubed',
    toThePower: 'to the power',
    endPower: 'end power',
    superscript: 'superscript',
    sub: 'sub',
    squareRoot: 'square root of',
    root: 'root of',
    endRoot: 'end root',
    operators: {
      '+': 'plus', '-': 'minus', '−': 'minus', '±': 'plus or minus', '∓': 'minus or plus', '=': 'equals', '≠': 'is not equal to',
      '≈': 'is approximately', '∝': 'is proportional to', '<': 'is less than', '>': 'is greater than', '≤': 'is less than or equal to',
      '≥': 'is greater than or equal to', '×': 'times', '⋅': 'times', '·': 'times', '∗': 'times', '÷': 'divided by', '/': 'divided by',
      '→': 'gives', '⟶': 'gives', '⇌': 'is in equilibrium with', '⇀': 'gives', '↽': 'is formed from', '←': 'is formed from', '⟵': 'is formed from',
      '↔': 'and', '↑': 'gas', '↓': 'precipitate', '∞': 'infinity', '∑': 'the sum of', '∫': 'the integral of', '∂': 'partial', '∇': 'del',
      '°': 'degrees', '′': 'prime', '%': 'percent', '(': 'open bracket', ')': 'close bracket', '[': 'open square bracket', ']': 'close square bracket',
      '{': 'open brace', '}': 'close brace', '|': 'absolute value', ',': 'comma', '!': 'factorial', '∈': 'is in', '∴': 'therefore', '⁡': '',
    },
    letters: letterTable(
      { alpha: 'alpha', beta: 'beta', gamma: 'gamma', delta: 'delta', epsilon: 'epsilon', zeta: 'zeta', eta: 'eta', theta: 'theta', lambda: 'lambda', mu: 'mu', nu: 'nu', xi: 'xi', pi: 'pi', rho: 'rho', sigma: 'sigma', tau: 'tau', phi: 'phi', chi: 'chi', psi: 'psi', omega: 'omega' },
      'capital',
    ),
  },
  tn: {
    over: 'வகுத்தல்',
    fraction: 'பின்னம்',
    endFraction: 'பின்னம் முடிவு',
    squared: 'இருமடி',
    cubed: 'மும்மடி',
    toThePower: 'அடுக்கு',
    endPower: 'அடுக்கு முடிவு',
    superscript: 'மேற்குறி',
    sub: 'கீழ்க்குறி',
    squareRoot: 'வர்க்கமூலம்',
    root: 'ஆம் மூலம்',
    endRoot: 'மூலம் முடிவு',
    operators: {
      '+': 'கூட்டல்', '-': 'கழித்தல்', '−': 'கழித்தல்', '±': 'கூட்டல் அல்லது கழித்தல்', '∓': 'கழித்தல் அல்லது கூட்டல்', '=': 'சமம்', '≠': 'சமமல்ல',
      '≈': 'ஏறக்குறைய சமம்', '∝': 'விகிதசமம்', '<': 'விடக் குறைவு', '>': 'விடப் பெரியது', '≤': 'விடக் குறைவு அல்லது சமம்',
      '≥': 'விடப் பெரியது அல்லது சமம்', '×': 'பெருக்கல்', '⋅': 'பெருக்கல்', '·': 'பெருக்கல்', '∗': 'பெருக்கல்', '÷': 'வகுத்தல்', '/': 'வகுத்தல்',
      '→': 'தருகிறது', '⟶': 'தருகிறது', '⇌': 'சமநிலையில்', '⇀': 'தருகிறது', '↽': 'இலிருந்து உருவாகிறது', '←': 'இலிருந்து உருவாகிறது', '⟵': 'இலிருந்து உருவாகிறது',
      '↔': 'மற்றும்', '↑': 'வாயு', '↓': 'வீழ்படிவு', '∞': 'முடிவிலி', '∑': 'கூட்டுத்தொகை', '∫': 'தொகையீடு', '∂': 'பகுதி வகைக்கெழு', '∇': 'டெல்',
      '°': 'பாகை', '′': 'டாஷ்', '%': 'சதவீதம்', '(': 'அடைப்புக்குறி திறப்பு', ')': 'அடைப்புக்குறி மூடல்', '[': 'சதுர அடைப்புக்குறி திறப்பு', ']': 'சதுர அடைப்புக்குறி மூடல்',
      '{': 'நெளிவு அடைப்புக்குறி திறப்பு', '}': 'நெளிவு அடைப்புக்குறி மூடல்', '|': 'தனி மதிப்பு', ',': 'காற்புள்ளி', '!': 'காரணீயம்', '∈': 'இல் உள்ளது', '∴': 'ஆகையால்', '⁡': '',
    },
    letters: letterTable(
      { alpha: 'ஆல்ஃபா', beta: 'பீட்டா', gamma: 'காமா', delta: 'டெல்டா', epsilon: 'எப்சிலான்', zeta: 'சீட்டா', eta: 'ஈட்டா', theta: 'தீட்டா', lambda: 'லாம்டா', mu: 'மியூ', nu: 'நியூ', xi: 'க்ஸை', pi: 'பை', rho: 'ரோ', sigma: 'சிக்மா', tau: 'டௌ', phi: 'ஃபை', chi: 'கை', psi: 'சை', omega: 'ஒமேகா' },
      'பெரிய',
    ),
  },
};

/** Elements that only lay out or carry the source: read their content (or nothing). */
const SKIPPED = new Set(['annotation', 'annotation-xml', 'mspace', 'mphantom', 'none', 'mprescripts']);

function childrenOf(element: Element): Element[] {
  return [...element.children].filter((child) => !SKIPPED.has(child.localName));
}

/** Whether a part is one token (a number, a letter, an operator), which needs no "end …". */
function isSimple(element: Element | undefined): boolean {
  if (!element) return true;
  if (['mi', 'mn', 'mo', 'mtext'].includes(element.localName)) return true;
  const children = childrenOf(element);
  return (element.localName === 'mrow' || element.localName === 'mstyle' || element.localName === 'mpadded') && children.length === 1 && isSimple(children[0]);
}

function text(element: Element): string {
  return (element.textContent ?? '').trim();
}

function token(value: string, words: MathWords): string {
  if (value in words.operators) return words.operators[value]!;
  return [...value].map((character) => words.letters[character] ?? character).join('');
}

function speak(element: Element, words: MathWords): string {
  const parts = childrenOf(element);
  const [first, second, third] = parts;
  switch (element.localName) {
    case 'mi':
    case 'mn':
    case 'mtext':
    case 'ms':
      return token(text(element), words);
    case 'mo':
      return token(text(element), words);
    case 'mfrac': {
      const top = first ? speak(first, words) : '';
      const bottom = second ? speak(second, words) : '';
      if (isSimple(first) && isSimple(second)) return `${top} ${words.over} ${bottom}`;
      return `${words.fraction} ${top} ${words.over} ${bottom} ${words.endFraction}`;
    }
    case 'msqrt': {
      const inner = parts.map((part) => speak(part, words)).join(' ');
      return parts.length === 1 && isSimple(first) ? `${words.squareRoot} ${inner}` : `${words.squareRoot} ${inner} ${words.endRoot}`;
    }
    case 'mroot':
      return `${second ? speak(second, words) : ''} ${words.root} ${first ? speak(first, words) : ''} ${words.endRoot}`;
    case 'msup':
      return `${first ? speak(first, words) : ''} ${power(second, words)}`;
    case 'msub':
      return `${first ? speak(first, words) : ''} ${index(second, words)}`;
    case 'msubsup':
      return `${first ? speak(first, words) : ''} ${index(second, words)} ${power(third, words)}`;
    case 'mover':
    case 'munder':
      // An arrow with a condition over it (chemistry), a vector's arrow or a bar: base, then what is above or below.
      return parts.map((part) => speak(part, words)).join(' ');
    case 'munderover':
      return parts.map((part) => speak(part, words)).join(' ');
    case 'mtable':
      return parts.map((row) => speak(row, words)).join(', ');
    default:
      // math, semantics (its first child), mrow, mstyle, mpadded, menclose, mtr, mtd, merror …
      if (element.localName === 'semantics') return first ? speak(first, words) : '';
      return joined(parts, words);
  }
}

/** Upright letters, as chemistry writes its elements. */
function uprightLetter(element: Element | undefined): string | null {
  const inner = element && (element.localName === 'mrow' ? childrenOf(element) : [element]);
  if (!inner || inner.length !== 1 || inner[0]!.localName !== 'mi' || inner[0]!.getAttribute('mathvariant') !== 'normal') return null;
  return text(inner[0]!);
}

/** A row's parts in turn; an element's symbol drawn as two upright letters (Na, Cl) is read as one word. */
function joined(parts: Element[], words: MathWords): string {
  let spoken = '';
  parts.forEach((part, i) => {
    const letter = uprightLetter(part);
    const previous = uprightLetter(parts[i - 1]);
    const isSecondLetter = letter !== null && /^[a-z]$/.test(letter) && previous !== null && /^[A-Z]$/.test(previous);
    spoken += isSecondLetter ? letter : `${i > 0 ? ' ' : ''}${speak(part, words)}`;
  });
  return spoken;
}

function power(exponent: Element | undefined, words: MathWords): string {
  if (!exponent) return '';
  const value = text(exponent);
  if (isSimple(exponent) && value === '2') return words.squared;
  if (isSimple(exponent) && value === '3') return words.cubed;
  // A charge (Na⁺, SO₄²⁻) or a prime is a superscript, not a power.
  if (/^[0-9]*[+\-−′]$/.test(value)) return `${words.superscript} ${[...value].map((c) => token(c, words)).join(' ')}`;
  const spoken = speak(exponent, words);
  return isSimple(exponent) ? `${words.toThePower} ${spoken}` : `${words.toThePower} ${spoken} ${words.endPower}`;
}

function index(subscript: Element | undefined, words: MathWords): string {
  if (!subscript) return '';
  // A count in a formula (H₂O) is read as the number; any other index as "sub …".
  return /^[0-9]+$/.test(text(subscript)) ? text(subscript) : `${words.sub} ${speak(subscript, words)}`;
}

/** The spoken text of one `<math>` element, words separated by single spaces. */
export function spokenMath(math: Element, language: Language): string {
  return speak(math, WORDS[language] ?? WORDS.en)
    .replace(/\s+/g, ' ')
    .trim();
}
