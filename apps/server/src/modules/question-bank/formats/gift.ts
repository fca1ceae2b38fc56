import { parse as parseGiftBlock, type GIFTQuestion } from 'gift-pegjs';
import { BLANK_MARKER, type NumericalKey } from '@app/contracts';
import { SERVER_QUESTION_KINDS, matchingFromRows, matchingGiftPairs, numericalGiftAnswer } from '../../../question-kinds/index.js';
import { importMessage } from './import-messages.js';
import { categoryPath, round } from './shared.js';
import type { FormatQuestion, ItemIssue, ParsedItem, QuestionDraft } from './types.js';

/**
 * GIFT (docs.moodle.org "GIFT format"), read with the gift-pegjs grammar (matching included). Questions are
 * separated by blank lines, so each block is parsed on its own: a mistake in one question is
 * that question's error with its line, and the others are still read. Decision 020.
 */

interface Block {
  line: number;
  text: string;
}

/** Blocks of non-blank lines with the line each starts on. */
export function giftBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 1;
  source.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') {
      if (current.length) blocks.push({ line: start, text: current.join('\n') });
      current = [];
      return;
    }
    if (!current.length) start = index + 1;
    current.push(line);
  });
  if (current.length) blocks.push({ line: start, text: current.join('\n') });
  return blocks;
}

type TextFormat = { format: string; text: string };
const plain = (t: TextFormat | null | undefined) => (t?.text ?? '').trim();
const contentTypeOf = (t: TextFormat): QuestionDraft['contentType'] => (t.format === 'html' ? 'html' : 'text');

/**
 * Moodle's reading of a numerical answer list: everything from the first `~` to the closing
 * brace is the wrong-answer feedback (its export writes `~#…`, hand-written files `~text`),
 * which gift-pegjs does not accept. It is taken out here, its line breaks moved after the brace
 * so that the lines below still count; nothing of it is imported (feedback is not carried).
 */
export function withoutNumericalWrongAnswers(text: string): string {
  let out = '';
  let inNumerical = false;
  let dropping = false;
  let droppedLines = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (dropping) {
      if (c === '\\') i++;
      else if (c === '\n') droppedLines++;
      else if (c === '}') {
        const kept = out.trimEnd();
        droppedLines += (out.slice(kept.length).match(/\n/g) ?? []).length;
        out = `${kept}}${'\n'.repeat(droppedLines)}`;
        dropping = false;
        inNumerical = false;
        droppedLines = 0;
      }
      continue;
    }
    if (c === '\\' && i + 1 < text.length) {
      out += c + text[++i]!;
      continue;
    }
    if (!inNumerical && c === '{' && /^\{\s*#/.test(text.slice(i))) inNumerical = true;
    else if (inNumerical && c === '}') inNumerical = false;
    else if (inNumerical && c === '~') {
      dropping = true;
      continue;
    }
    out += c;
  }
  return out;
}

const isPreamble = (line: string) => line.trim().startsWith('//') || /^\s*\$CATEGORY:/i.test(line);

/** The line the question itself starts on: after the comments (Moodle writes one above each question) and category. */
function questionLine(block: Block): number {
  const offset = block.text.split('\n').findIndex((l) => !isPreamble(l));
  return block.line + Math.max(offset, 0);
}

/** The question's own first line, for a block that could not be read: not the comments or category above it. */
function titleOfBroken(text: string): string {
  const first = text.split('\n').find((l) => !isPreamble(l)) ?? text.split('\n')[0]!;
  const named = /^\s*::((?:\\.|[^:]|:(?!:))*)::/.exec(first);
  return (named ? named[1]! : first).trim().slice(0, 80);
}

interface NumberChoice {
  type: 'simple' | 'range' | 'high-low';
  number?: number;
  range?: number;
  numberHigh?: number;
  numberLow?: number;
}

function numberBlank(choice: NumberChoice): { value: string; tolerance?: number } {
  if (choice.type === 'high-low') {
    const low = choice.numberLow ?? 0;
    const high = choice.numberHigh ?? 0;
    return { value: String(round((low + high) / 2, 9)), tolerance: round(Math.abs(high - low) / 2, 9) };
  }
  return { value: String(choice.number ?? 0), ...(choice.range ? { tolerance: choice.range } : {}) };
}

type GiftNumberChoices = NumberChoice | { isCorrect: boolean; weight: number | null; text: NumberChoice }[];

/**
 * A GIFT numerical question (`{#3.14:0.01}`, `{#1..2}`, `{#=1.5:0.1 =%50%1.5:0.5}`) as the
 * numerical-value key: the one fully right value with its tolerance. Answers of partial credit
 * cannot be carried: they are dropped with a warning (decision 053). Two fully right values are
 * the question's error.
 */
function numericalOfGift(choices: GiftNumberChoices): { key: NumericalKey; droppedPartial: string[] } | { issue: 'noCorrectAnswer' | 'numericalOneAnswer' } {
  const all = (Array.isArray(choices) ? choices : [{ isCorrect: true, weight: null, text: choices }]).filter((c) => c.isCorrect && 'type' in c.text);
  const right = all.filter((c) => c.weight === null || c.weight >= 100);
  if (!right.length) return { issue: 'noCorrectAnswer' };
  if (right.length > 1) return { issue: 'numericalOneAnswer' };
  const droppedPartial = all.filter((c) => c.weight !== null && c.weight > 0 && c.weight < 100).map((c) => {
    const blank = numberBlank(c.text);
    return `${blank.value}${blank.tolerance ? `:${blank.tolerance}` : ''} (${c.weight}%)`;
  });
  const choice = right[0]!.text;
  if (choice.type === 'high-low') {
    const low = choice.numberLow ?? 0;
    const high = choice.numberHigh ?? 0;
    return { key: { min: Math.min(low, high), max: Math.max(low, high) }, droppedPartial };
  }
  return { key: { value: choice.number ?? 0, tolerance: Math.abs(choice.range ?? 0) }, droppedPartial };
}

/** gift-pegjs leaves an escaped character of a matching answer as `&&058;` (its code); this is the character. */
const unescapedSubanswer = (text: string) => text.replace(/&&(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).trim();

export function parseGift(source: string): ParsedItem[] {
  const items: ParsedItem[] = [];
  let category: string[] = [];
  for (const block of giftBlocks(source.replace(/^\uFEFF/, ''))) {
    let questions: GIFTQuestion[];
    try {
      questions = parseGiftBlock(`${withoutNumericalWrongAnswers(block.text)}\n`);
    } catch (error) {
      const location = (error as { location?: { start?: { line?: number } } }).location;
      const categoryLine = /^\s*\$CATEGORY:(.*)$/im.exec(block.text);
      if (categoryLine) category = categoryPath(categoryLine[1]!);
      items.push({
        line: block.line + Math.min(location?.start?.line ?? 1, block.text.split('\n').length) - 1,
        title: titleOfBroken(block.text),
        question: null,
        issues: [{ field: 'file', message: importMessage('giftSyntax', (error as Error).message) }],
      });
      continue;
    }
    for (const q of questions) {
      if (q.type === 'Category') {
        category = categoryPath(q.title);
        continue;
      }
      const title = 'title' in q ? (q.title ?? '') : '';
      const topics = category.slice(-1);
      const warnings: ItemIssue[] = [];
      if (q.type === 'Description') {
        items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'questionType', message: importMessage('unsupportedGiftType', q.type) }] });
        continue;
      }
      const stem = q.stem as TextFormat;
      const draft: QuestionDraft = {
        questionType: 'singleChoice',
        contentType: contentTypeOf(stem),
        tags: (q.tags ?? []).map((t) => t.trim()).filter(Boolean),
        texts: { en: { title, data: plain(stem), explanation: plain(q.globalFeedback as TextFormat | null) || null } },
      };
      const en = draft.texts.en!;
      if (q.type === 'TF') {
        en.options = [
          { answerID: 1, answerData: 'True' },
          { answerID: 2, answerData: 'False' },
        ];
        draft.correctAnswerId = q.isTrue ? 1 : 2;
      } else if (q.type === 'MC') {
        const choices = q.choices as { isCorrect: boolean; weight: number | null; text: TextFormat }[];
        en.options = choices.map((c, i) => ({ answerID: i + 1, answerData: plain(c.text) }));
        const isWeighted = choices.some((c) => c.weight !== null);
        if (isWeighted) {
          const correct = choices.map((c, i) => ({ w: c.weight ?? 0, id: i + 1 })).filter((c) => c.w > 0);
          draft.questionType = 'multipleChoice';
          draft.allowsPartialCredit = true;
          draft.correctAnswerId = correct.map((c) => c.id);
          const worst = Math.min(0, ...choices.map((c) => c.weight ?? 0));
          if (worst < 0) draft.negativeMarks = round(-worst / 100);
        } else {
          const correct = choices.map((c, i) => (c.isCorrect ? i + 1 : 0)).filter(Boolean);
          draft.questionType = correct.length > 1 ? 'multipleChoice' : 'singleChoice';
          draft.correctAnswerId = correct.length > 1 ? correct : (correct[0] ?? null);
        }
        if (!(Array.isArray(draft.correctAnswerId) ? draft.correctAnswerId.length : draft.correctAnswerId)) {
          items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'correctAnswerId', message: importMessage('noCorrectAnswer') }] });
          continue;
        }
      } else if (q.type === 'Numerical' && !q.hasEmbeddedAnswers) {
        const read = numericalOfGift(q.choices as GiftNumberChoices);
        if ('issue' in read) {
          items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage(read.issue) }] });
          continue;
        }
        draft.questionType = 'numerical';
        draft.correctAnswerData = read.key;
        if (read.droppedPartial.length) warnings.push({ field: 'correctAnswerData', message: importMessage('numericalPartialDropped', read.droppedPartial.join(', ')), isWarning: true });
      } else if (q.type === 'Short' || q.type === 'Numerical') {
        draft.questionType = 'text';
        let blank: { value: string; alternatives?: string[]; tolerance?: number };
        if (q.type === 'Short') {
          const values = (q.choices as { isCorrect: boolean; weight: number | null; text: TextFormat }[])
            .filter((c) => c.isCorrect || (c.weight ?? 0) >= 100)
            .map((c) => plain(c.text));
          if (!values.length) {
            items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') }] });
            continue;
          }
          blank = { value: values[0]!, ...(values.length > 1 ? { alternatives: values.slice(1) } : {}) };
        } else {
          const choices = Array.isArray(q.choices)
            ? (q.choices as { isCorrect: boolean; weight: number | null; text: NumberChoice }[]).filter((c) => c.isCorrect && (c.weight === null || c.weight >= 100)).map((c) => c.text)
            : [q.choices as NumberChoice];
          if (!choices.length) {
            items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') }] });
            continue;
          }
          const first = numberBlank(choices[0]!);
          const alternatives = choices.slice(1).map((c) => numberBlank(c).value);
          blank = { ...first, ...(alternatives.length ? { alternatives } : {}) };
        }
        draft.correctAnswerData = [blank];
        en.data = q.hasEmbeddedAnswers ? en.data.replace('_____', BLANK_MARKER) : `${en.data} ${BLANK_MARKER}`;
      } else if (q.type === 'Matching') {
        // `{ =a -> 1 =b -> 2 = -> 3 }`: each left text with its answer; an empty left side adds a list II distractor.
        const read = matchingFromRows(
          q.matchPairs.map((m) => ({ left: plain(m.subquestion) ? { en: plain(m.subquestion) } : null, right: { en: unescapedSubanswer(m.subanswer) } })),
          ['en'],
        );
        if (!read) {
          items.push({ line: questionLine(block), title, question: null, issues: [{ field: 'texts.options', message: importMessage('matchingLists') }] });
          continue;
        }
        draft.questionType = 'matching';
        // Moodle gives a share of the marks for each right pair.
        draft.allowsPartialCredit = true;
        draft.correctAnswerData = read.key;
        en.options = read.options.en!;
      } else if (q.type === 'Essay') {
        draft.questionType = 'comprehensive';
        draft.lineNumber = 15;
      }
      items.push({ line: questionLine(block), title, question: { draft, topics, ...(category.length ? { category } : {}) }, issues: warnings });
    }
  }
  return items;
}

/** GIFT's special characters in a text, escaped; line breaks as `\\n` so that a text never ends its question's block. */
export function giftEscape(text: string): string {
  return text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

type Blank = { value: string; alternatives?: string[]; tolerance?: number };

/**
 * The answer part of one question in GIFT, through its kind's form (`exchange.gift`) and its own
 * mapping (numerical's `#value:tolerance`, matching's `=a -> b`), with the statement it goes with;
 * null when GIFT cannot carry the question: its kind has no GIFT form, or its key does not fit one
 * (a unit, the four codes of a coded matching question, a blank with a tolerance or more than one blank,
 * JEE Advanced marking).
 */
function giftParts(draft: QuestionDraft): { before: string; answer: string; after: string } | null {
  const en = draft.texts.en!;
  const statement = `${giftEscape(en.data)} `;
  const options = en.options ?? [];
  switch (SERVER_QUESTION_KINDS[draft.questionType].exchange.gift) {
    case 'choice': {
      // GIFT's weights say only Moodle's own marking: JEE Advanced marking has no GIFT form.
      if (draft.marking && draft.marking !== 'standard') return null;
      const key = draft.correctAnswerId;
      const correct = Array.isArray(key) ? key : key === null || key === undefined ? [] : [key];
      if (!correct.length || !options.length) return null;
      // Partial credit as Moodle's weights (a share for each right option); without it, every right option is `=`.
      const right = (text: string) => (correct.length > 1 && draft.allowsPartialCredit ? `~%${round(100 / correct.length, 5)}%${text}` : `=${text}`);
      return { before: statement, after: '', answer: options.map((o) => (correct.includes(o.answerID) ? right(giftEscape(o.answerData)) : `~${giftEscape(o.answerData)}`)).join(' ') };
    }
    case 'numerical': {
      const answer = numericalGiftAnswer(draft.correctAnswerData);
      return answer === null ? null : { before: statement, answer, after: '' };
    }
    case 'matching': {
      const pairs = matchingGiftPairs(options, draft.correctAnswerData, giftEscape);
      return pairs && { before: statement, answer: pairs.join(' '), after: '' };
    }
    case 'shortAnswer': {
      const blanks = Array.isArray(draft.correctAnswerData) ? (draft.correctAnswerData as Blank[]) : [];
      const parts = en.data.split(BLANK_MARKER);
      if (blanks.length !== 1 || blanks[0]!.tolerance !== undefined || parts.length !== 2) return null;
      const answer = [blanks[0]!.value, ...(blanks[0]!.alternatives ?? [])].map((v) => `=${giftEscape(v)}`).join(' ');
      // The blank where the statement has it: GIFT's embedded answer.
      return { before: giftEscape(parts[0]!), answer, after: giftEscape(parts[1]!) };
    }
    case 'essay':
      return typeof draft.correctAnswerData === 'string' && draft.correctAnswerData.trim() ? null : { before: statement, answer: '', after: '' };
    default:
      return null;
  }
}

/**
 * Whether GIFT carries a question: English only (a GIFT file has one language), no picture or
 * video, no hint, instructions or answer title, and a key its kind's GIFT form holds.
 */
export function fitsGift(question: FormatQuestion): boolean {
  const { draft } = question;
  const en = draft.texts.en;
  if (!en || Object.keys(draft.texts).some((l) => l !== 'en' && draft.texts[l as keyof typeof draft.texts])) return false;
  if (draft.mediaUrl || en.hint || en.instructions || en.answerTitle || (draft.contentType && draft.contentType !== 'text' && draft.contentType !== 'html')) return false;
  return giftParts(draft) !== null;
}

/** Questions as GIFT, each after its topic's `$CATEGORY:` line when the topic changes; the caller keeps out what `fitsGift` refuses. */
export function writeGift(questions: FormatQuestion[]): string {
  const blocks: string[] = [];
  let category: string | null = null;
  for (const { draft, topics } of questions) {
    const parts = giftParts(draft);
    if (!parts) continue;
    const topic = topics[0] ?? '';
    if (topic !== category) {
      blocks.push(`$CATEGORY: $course$/top${topic ? `/${topic.replace(/\//g, '//')}` : ''}`);
      category = topic;
    }
    const en = draft.texts.en!;
    const title = en.title ? `::${giftEscape(en.title)}::` : '';
    const format = draft.contentType === 'html' ? '[html]' : '';
    const feedback = en.explanation ? ` ####${giftEscape(en.explanation)}` : '';
    blocks.push(`${title}${format}${parts.before}{${parts.answer}${feedback}}${parts.after}`);
  }
  return `${blocks.join('\n\n')}\n`;
}
