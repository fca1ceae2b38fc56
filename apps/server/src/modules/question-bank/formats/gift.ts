import { parse as parseGiftBlock, type GIFTQuestion } from 'gift-pegjs';
import { BLANK_MARKER, type NumericalKey } from '@app/contracts';
import { matchingFromRows } from '../../../question-kinds/index.js';
import { importMessage } from './import-messages.js';
import { round } from './shared.js';
import type { ParsedItem, QuestionDraft } from './types.js';

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

function topicOfCategory(path: string): string | null {
  const parts = path
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('$') && p.toLowerCase() !== 'top');
  return parts.at(-1) ?? null;
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
 * A GIFT numerical question (`{#3.14:0.01}`, `{#1..2}`) as the numerical-value key. One fully
 * right value only: partial-credit or further answers cannot be carried (the question's error).
 */
function numericalOfGift(choices: GiftNumberChoices): { key: NumericalKey } | { issue: 'noCorrectAnswer' | 'numericalOneAnswer' } {
  const all = Array.isArray(choices) ? choices : [{ isCorrect: true, weight: null, text: choices }];
  const right = all.filter((c) => c.isCorrect && (c.weight === null || c.weight >= 100));
  if (!right.length) return { issue: 'noCorrectAnswer' };
  if (right.length > 1 || all.some((c) => c.weight !== null && c.weight > 0 && c.weight < 100)) return { issue: 'numericalOneAnswer' };
  const choice = right[0]!.text;
  if (choice.type === 'high-low') {
    const low = choice.numberLow ?? 0;
    const high = choice.numberHigh ?? 0;
    return { key: { min: Math.min(low, high), max: Math.max(low, high) } };
  }
  return { key: { value: choice.number ?? 0, tolerance: Math.abs(choice.range ?? 0) } };
}

export function parseGift(source: string): ParsedItem[] {
  const items: ParsedItem[] = [];
  let topics: string[] = [];
  for (const block of giftBlocks(source.replace(/^\uFEFF/, ''))) {
    let questions: GIFTQuestion[];
    try {
      questions = parseGiftBlock(`${block.text}\n`);
    } catch (error) {
      const location = (error as { location?: { start?: { line?: number } } }).location;
      items.push({
        line: block.line + Math.min(location?.start?.line ?? 1, block.text.split('\n').length) - 1,
        title: block.text.split('\n')[0]!.slice(0, 80),
        question: null,
        issues: [{ field: 'file', message: importMessage('giftSyntax', (error as Error).message) }],
      });
      continue;
    }
    for (const q of questions) {
      if (q.type === 'Category') {
        const topic = topicOfCategory(q.title);
        topics = topic ? [topic] : [];
        continue;
      }
      const title = 'title' in q ? (q.title ?? '') : '';
      if (q.type === 'Description') {
        items.push({ line: block.line, title, question: null, issues: [{ field: 'questionType', message: importMessage('unsupportedGiftType', q.type) }] });
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
          items.push({ line: block.line, title, question: null, issues: [{ field: 'correctAnswerId', message: importMessage('noCorrectAnswer') }] });
          continue;
        }
      } else if (q.type === 'Numerical' && !q.hasEmbeddedAnswers) {
        const read = numericalOfGift(q.choices as GiftNumberChoices);
        if ('issue' in read) {
          items.push({ line: block.line, title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage(read.issue) }] });
          continue;
        }
        draft.questionType = 'numerical';
        draft.correctAnswerData = read.key;
      } else if (q.type === 'Short' || q.type === 'Numerical') {
        draft.questionType = 'text';
        let blank: { value: string; alternatives?: string[]; tolerance?: number };
        if (q.type === 'Short') {
          const values = (q.choices as { isCorrect: boolean; weight: number | null; text: TextFormat }[])
            .filter((c) => c.isCorrect || (c.weight ?? 0) >= 100)
            .map((c) => plain(c.text));
          if (!values.length) {
            items.push({ line: block.line, title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') }] });
            continue;
          }
          blank = { value: values[0]!, ...(values.length > 1 ? { alternatives: values.slice(1) } : {}) };
        } else {
          const choices = Array.isArray(q.choices)
            ? (q.choices as { isCorrect: boolean; weight: number | null; text: NumberChoice }[]).filter((c) => c.isCorrect && (c.weight === null || c.weight >= 100)).map((c) => c.text)
            : [q.choices as NumberChoice];
          if (!choices.length) {
            items.push({ line: block.line, title, question: null, issues: [{ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') }] });
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
          q.matchPairs.map((m) => ({ left: plain(m.subquestion) ? { en: plain(m.subquestion) } : null, right: { en: m.subanswer.trim() } })),
          ['en'],
        );
        if (!read) {
          items.push({ line: block.line, title, question: null, issues: [{ field: 'texts.options', message: importMessage('matchingLists') }] });
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
      items.push({ line: block.line, title, question: { draft, topics }, issues: [] });
    }
  }
  return items;
}
