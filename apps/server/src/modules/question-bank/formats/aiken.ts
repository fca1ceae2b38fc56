import { importMessage } from './import-messages.js';
import type { ParsedItem } from './types.js';

/**
 * Aiken (docs.moodle.org "Aiken format"): a question line, options "A) text" or "A. text", then
 * "ANSWER: X"; questions separated by blank lines. Single-choice only, English only.
 * Small enough to read by hand (decision 020).
 */
const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER:\s*([A-Z])\s*$/i;

export function looksLikeAiken(source: string): boolean {
  return /^ANSWER:\s*[A-Z]\s*$/im.test(source) && /^[A-Z][.)]\s+\S/m.test(source);
}

export function parseAiken(source: string): ParsedItem[] {
  const items: ParsedItem[] = [];
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  let start = 0;
  let statement: string[] = [];
  let options: { letter: string; text: string }[] = [];

  const finish = (answer: string | null) => {
    const title = statement.join(' ').slice(0, 80);
    if (!statement.length && !options.length) return;
    if (answer === null) {
      items.push({ line: start, title, question: null, issues: [{ field: 'correctAnswerId', message: importMessage('aikenNoAnswerLine') }] });
    } else {
      const index = options.findIndex((o) => o.letter === answer.toUpperCase());
      if (index < 0) {
        items.push({ line: start, title, question: null, issues: [{ field: 'correctAnswerId', message: importMessage('aikenBadAnswer', answer) }] });
      } else {
        items.push({
          line: start,
          title,
          question: {
            draft: {
              questionType: 'singleChoice',
              correctAnswerId: index + 1,
              texts: { en: { data: statement.join('\n'), options: options.map((o, i) => ({ answerID: i + 1, answerData: o.text })) } },
            },
            topics: [],
          },
          issues: [],
        });
      }
    }
    statement = [];
    options = [];
  };

  lines.forEach((raw, index) => {
    const line = raw.trim();
    const number = index + 1;
    if (!line) {
      // A blank line ends a question only once its answer line came (handled below) or before anything.
      if (statement.length && options.length) {
        finish(null);
      }
      return;
    }
    const answer = ANSWER.exec(line);
    if (answer) {
      finish(answer[1]!);
      return;
    }
    const option = OPTION.exec(line);
    if (option && statement.length) {
      options.push({ letter: option[1]!, text: option[2]!.trim() });
      return;
    }
    if (!statement.length) start = number;
    if (options.length) {
      // Text after options without an answer line: the previous question lacked its answer.
      finish(null);
      start = number;
    }
    statement.push(line);
  });
  if (statement.length) finish(null);
  return items;
}
