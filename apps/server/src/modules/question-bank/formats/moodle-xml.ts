import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { BLANK_MARKER, IMPORT_MESSAGES, SUPPORTED_LANGUAGES, scrambledItemIds, type Language, type MultipleChoiceMarking } from '@app/contracts';
import {
  SERVER_QUESTION_KINDS,
  matchingCodes,
  matchingFromRows,
  matchingKeyOf,
  matchingRows,
  numericalKeyOf,
  orderingKeyOf,
  recogniseAssertionReason,
  withAssertionReasonOptions,
} from '../../../question-kinds/index.js';
import { importMessage } from './import-messages.js';
import { joinLanguages, splitLanguages } from './multilang.js';
import { MAX_IMAGE_BYTES, categoryPath, isDifficulty, languagesOf, mimeOfFileName, numberOf, orNull, parseDataUrl, round } from './shared.js';
import { UnreadableFileError, isExchangeType, type FormatQuestion, type ItemIssue, type ParsedItem, type QuestionDraft, type TextVariant } from './types.js';

/**
 * Moodle XML (docs.moodle.org "Moodle XML format"). Read: multichoice, truefalse, shortanswer
 * (fill in the blank), numerical (the numerical-value kind; a blank when our `questionkind` says text), essay (written answer with a line limit), multianswer
 * (cloze) with short-answer and numerical blanks, matching (`<subquestion>` with `<answer>`), ordering (qtype_ordering: all items, vertical); categories name topics; the first embedded
 * picture becomes the question's picture. Written: the same elements, two languages as
 * `{mlang}` blocks, and a few elements of our own that Moodle ignores (difficulty,
 * partialcredit, numerictolerance, matchingpresentation, matchingcodes, defaultlanguage, contenttype,
 * mediaurl, questionkind, instructions, answertitle, solution, topics, and `marking` for a
 * multiple-correct question marked as in JEE Advanced, decision 052) so that a file re-imports without loss.
 */

type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set(['question', 'answer', 'tag', 'file', 'hint', 'topic', 'unit', 'subquestion', 'code']);

/** How deep elements may nest: a Moodle file needs about six levels (its HTML sits in CDATA). */
export const MAX_XML_DEPTH = 100;

const parser = new XMLParser({
  maxNestedTags: MAX_XML_DEPTH,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
});

/** A picture, with the paragraph that holds nothing else (removed with it). */
const IMG = /(<p>\s*)?<img\b[^>]*?\bsrc\s*=\s*["']([^"']*)["'][^>]*>(\s*<\/p>)?/gi;
const PLUGINFILE = '@@PLUGINFILE@@/';
const CLOZE = /\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}/g;
const SHORT_CLOZE = new Set(['SHORTANSWER', 'SA', 'MW', 'SHORTANSWER_C', 'SAC', 'MWC']);
const NUMERICAL_CLOZE = new Set(['NUMERICAL', 'NM']);

function str(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (typeof node === 'object' && '#text' in (node as XmlNode)) return str((node as XmlNode)['#text']);
  return '';
}

/** The `<text>` of an element such as `<questiontext>`, `<name>` or `<answer>`. */
const textOf = (node: unknown): string => (node && typeof node === 'object' ? str((node as XmlNode).text) : str(node));
const attr = (node: unknown, name: string): string | undefined =>
  node && typeof node === 'object' ? ((node as XmlNode)[`@_${name}`] as string | undefined) : undefined;
const list = (node: unknown): XmlNode[] => (Array.isArray(node) ? (node as XmlNode[]) : node ? [node as XmlNode] : []);

/** A field's value in each of the question's languages (a plain text is the same in all). */
function perLanguage(text: string, languages: Language[]): Partial<Record<Language, string>> {
  const split = splitLanguages(text);
  return Object.fromEntries(languages.map((language) => [language, split ? split[language] : text.trim()]).filter(([, v]) => v !== undefined));
}

/** Unescapes `\x` in a cloze answer. */
const unescapeCloze = (value: string) => value.replace(/\\(.)/g, '$1');
const escapeCloze = (value: string) => value.replace(/[\\}~#=%:{]/g, (c) => `\\${c}`);

/** Splits on a separator that is not escaped with a backslash. */
function splitUnescaped(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

interface Blank {
  value: string;
  alternatives?: string[];
  tolerance?: number;
}

/** Cloze blanks of a statement → `{0}` markers and the key, or the first blank the player cannot show. */
function readCloze(statement: string): { text: string; blanks: Blank[]; unsupported: string | null } {
  const blanks: Blank[] = [];
  let unsupported: string | null = null;
  const text = statement.replace(CLOZE, (whole, _weight: string, kind: string, body: string) => {
    const isNumerical = NUMERICAL_CLOZE.has(kind);
    if (!SHORT_CLOZE.has(kind) && !isNumerical) {
      unsupported ??= kind;
      return whole;
    }
    const correct = splitUnescaped(body, '~')
      .map((answer) => splitUnescaped(answer, '#')[0]!)
      .filter((answer) => answer.startsWith('=') || answer.startsWith('%100%'))
      .map((answer) => answer.replace(/^=|^%100%/, ''));
    const values: string[] = [];
    let tolerance: number | undefined;
    for (const answer of correct) {
      if (isNumerical) {
        const [value, tol] = splitUnescaped(answer, ':');
        values.push(unescapeCloze(value!).trim());
        const t = numberOf(tol);
        if (tolerance === undefined && t !== undefined && !Number.isNaN(t)) tolerance = t;
      } else values.push(unescapeCloze(answer).trim());
    }
    blanks.push({ value: values[0] ?? '', ...(values.length > 1 ? { alternatives: values.slice(1) } : {}), ...(tolerance !== undefined ? { tolerance } : {}) });
    return BLANK_MARKER;
  });
  return { text, blanks, unsupported };
}

interface ImageResult {
  text: string;
  mediaUrl: string | null;
  issues: ItemIssue[];
}

/** The first `@@PLUGINFILE@@` picture becomes the question's picture (a data: URL); others are dropped. */
function takeImages(text: string, files: XmlNode[], mediaUrl: string | null): ImageResult {
  const issues: ItemIssue[] = [];
  let found = mediaUrl;
  const out = text.replace(IMG, (tag, open: string | undefined, src: string, close: string | undefined) => {
    if (!src.startsWith(PLUGINFILE)) return tag;
    // A paragraph around the picture alone goes with it; a half-matched one stays.
    const keep = open && !close ? open : !open && close ? close : '';
    const name = decodeURIComponent(src.slice(PLUGINFILE.length).split('?')[0]!);
    if (found) {
      if (!mediaUrl || found !== mediaUrl) issues.push({ field: 'mediaUrl', message: importMessage('extraImages', name), isWarning: true });
      return keep;
    }
    const file = files.find((f) => attr(f, 'name') === name || `${attr(f, 'path') ?? '/'}${attr(f, 'name')}`.replace(/^\//, '') === name);
    if (!file) {
      issues.push({ field: 'mediaUrl', message: importMessage('imageMissing', name) });
      return keep;
    }
    const base64 = str(file).replace(/\s+/g, '');
    if ((base64.length * 3) / 4 > MAX_IMAGE_BYTES) {
      issues.push({ field: 'mediaUrl', message: importMessage('imageTooLarge', name) });
      return keep;
    }
    found = `data:${mimeOfFileName(name)};base64,${base64}`;
    return keep;
  });
  return { text: out.trim(), mediaUrl: found, issues };
}

function lineOfEachQuestion(xml: string): number[] {
  const lines: number[] = [];
  const re = /<question\b/g;
  let line = 1;
  let last = 0;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    for (let i = last; i < m.index; i++) if (xml.charCodeAt(i) === 10) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}

/**
 * Whether the XML holds a markup declaration (`<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT`…) outside
 * CDATA sections and comments. One pass with indexOf, so a hostile file costs linear time.
 */
function hasMarkupDeclaration(xml: string): boolean {
  for (let from = 0; ; ) {
    const at = xml.indexOf('<!', from);
    if (at < 0) return false;
    const close = xml.startsWith('<![CDATA[', at) ? ']]>' : xml.startsWith('<!--', at) ? '-->' : null;
    if (!close) return true;
    const end = xml.indexOf(close, at + 4);
    // An unclosed section is not well-formed: the validator names its line.
    if (end < 0) return false;
    from = end + close.length;
  }
}

/**
 * Reads a Moodle XML file: one item per question (categories are not items). A DOCTYPE or entity
 * declaration (entity expansion, external entities) is refused before the file is read, nesting
 * beyond MAX_XML_DEPTH when it is parsed, and anything else the parser throws is an unreadable file too.
 */
export function parseMoodleXml(xml: string): ParsedItem[] {
  if (hasMarkupDeclaration(xml)) throw new UnreadableFileError(importMessage('xmlDeclarations'));
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new UnreadableFileError(importMessage('badXml', valid.err.msg), valid.err.line);
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch (error) {
    // fast-xml-parser's own limit (maxNestedTags) is the one it is known to throw; any other is malformed XML.
    const message = error instanceof Error ? error.message : String(error);
    throw new UnreadableFileError(/nested/i.test(message) ? importMessage('xmlTooDeep', String(MAX_XML_DEPTH)) : importMessage('badXml', message));
  }
  const quiz = doc.quiz as XmlNode | undefined;
  if (!quiz || typeof quiz !== 'object') throw new UnreadableFileError(importMessage('notMoodleXml'));
  const lines = lineOfEachQuestion(xml);
  const items: ParsedItem[] = [];
  let category: string[] = [];
  list(quiz.question).forEach((q, index) => {
    const type = attr(q, 'type') ?? '';
    if (type === 'category') {
      category = categoryPath(textOf(q.category));
      return;
    }
    const line = lines[index] ?? null;
    const titleRaw = textOf(q.name);
    const title = (splitLanguages(titleRaw)?.en ?? titleRaw).trim();
    try {
      items.push({ line, title, ...readQuestion(q, type, category) });
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      items.push({ line, title, question: null, issues: [error.issue] });
    }
  });
  return items;
}

class ItemError extends Error {
  constructor(readonly issue: ItemIssue) {
    super(issue.message.en);
  }
}

function readQuestion(q: XmlNode, type: string, category: string[]): { question: FormatQuestion | null; issues: ItemIssue[] } {
  if (!['multichoice', 'truefalse', 'shortanswer', 'numerical', 'essay', 'multianswer', 'matching', 'ordering'].includes(type)) {
    throw new ItemError({ field: 'questionType', message: importMessage('unsupportedMoodleType', type || '?') });
  }
  const issues: ItemIssue[] = [];
  const questionText = q.questiontext as XmlNode | undefined;
  const files = list(questionText?.file);
  const extensionMedia = orNull(str(q.mediaurl));
  const images = takeImages(textOf(questionText), files, extensionMedia);
  issues.push(...images.issues);
  const statementSplit = splitLanguages(images.text);
  const languages: Language[] = statementSplit ? SUPPORTED_LANGUAGES.filter((l) => statementSplit[l] !== undefined) : ['en'];
  if (!languages.length) languages.push('en');
  const statement = perLanguage(images.text, languages);

  const defaultLanguageRaw = str(q.defaultlanguage).trim();
  const defaultLanguage: Language = defaultLanguageRaw === 'tn' && languages.includes('tn') ? 'tn' : languages.includes('en') ? 'en' : languages[0]!;
  const format = attr(questionText, 'format') ?? 'html';
  const contentTypeRaw = str(q.contenttype).trim();
  const contentType = (['text', 'html', 'image', 'video'].includes(contentTypeRaw) ? contentTypeRaw : format === 'html' ? 'html' : 'text') as QuestionDraft['contentType'];

  const marks = numberOf(str(q.defaultgrade)) ?? 1;
  if (Number.isNaN(marks)) throw new ItemError({ field: 'marks', message: importMessage('invalidNumber', str(q.defaultgrade)) });

  const titles = perLanguage(textOf(q.name), languages);
  const explanations = perLanguage(textOf(q.generalfeedback), languages);
  const hints = perLanguage(textOf(list(q.hint)[0]), languages);
  const instructions = perLanguage(textOf(q.instructions), languages);
  const answerTitles = perLanguage(textOf(q.answertitle), languages);
  const texts: Partial<Record<Language, TextVariant>> = {};
  for (const language of languages) {
    texts[language] = {
      title: titles[language] ?? '',
      data: statement[language] ?? '',
      hint: orNull(hints[language]),
      explanation: orNull(explanations[language]),
      instructions: orNull(instructions[language]),
      answerTitle: orNull(answerTitles[language]),
    };
  }

  const difficultyRaw = str(q.difficulty).trim();
  if (difficultyRaw && !isDifficulty(difficultyRaw)) issues.push({ field: 'difficulty', message: importMessage('invalidDifficulty', difficultyRaw) });
  const tags = list((q.tags as XmlNode | undefined)?.tag)
    .map((t) => textOf(t).trim())
    .filter(Boolean);
  const topicsNode = q.topics as XmlNode | string | undefined;
  const topics = topicsNode !== undefined ? list((topicsNode as XmlNode)?.topic).map((t) => str(t).trim()).filter(Boolean) : category.slice(-1);
  const tolerance = numberOf(str(q.numerictolerance));
  const partialRaw = str(q.partialcredit).trim();

  const draft: QuestionDraft = {
    questionType: 'singleChoice',
    ...(difficultyRaw && isDifficulty(difficultyRaw) ? { difficulty: difficultyRaw } : {}),
    tags,
    contentType,
    mediaUrl: images.mediaUrl,
    defaultLanguage,
    marks,
    negativeMarks: 0,
    allowsPartialCredit: partialRaw === '1' || partialRaw === 'true',
    numericTolerance: tolerance !== undefined && !Number.isNaN(tolerance) ? tolerance : null,
    lineNumber: null,
    correctAnswerId: null,
    correctAnswerData: null,
    solution: orNull(textOf(q.solution)),
    texts,
  };

  if (type === 'multichoice' || type === 'truefalse') readChoice(q, type, draft, languages);
  else if (type === 'essay') {
    const lines = numberOf(str(q.responsefieldlines));
    draft.questionType = 'comprehensive';
    draft.lineNumber = lines !== undefined && !Number.isNaN(lines) && lines >= 1 ? Math.min(500, Math.round(lines)) : 15;
    draft.correctAnswerData = orNull(textOf(q.graderinfo));
  } else if (type === 'numerical' && str(q.questionkind).trim() === '') issues.push(...readNumerical(q, draft, languages));
  else if (type === 'matching') readMatching(q, draft, languages);
  else if (type === 'ordering') issues.push(...readOrdering(q, draft, languages));
  else readBlanks(q, type, draft, languages);

  const negative = numberOf(str(q.negativemarks));
  if (negative !== undefined && !Number.isNaN(negative)) draft.negativeMarks = negative;
  const kind = str(q.questionkind).trim();
  if (kind) {
    if (!isExchangeType(kind)) throw new ItemError({ field: 'questionType', message: importMessage('unsupportedKind', kind) });
    draft.questionType = kind;
  } else if (draft.questionType === 'singleChoice') {
    // A file from elsewhere: NEET's assertion and reason typed as four options becomes the kind.
    const recognised = recogniseAssertionReason(draft);
    if (recognised) {
      draft.questionType = 'assertionReason';
      // The generated statement is HTML (two labelled paragraphs).
      draft.contentType = 'html';
      draft.correctAnswerId = recognised.correctAnswerId;
      withAssertionReasonOptions(draft);
    }
  }
  if (partialRaw === '' && SERVER_QUESTION_KINDS[draft.questionType].exchange.moodleXml?.partialCreditByDefault) draft.allowsPartialCredit = true;
  // Our element: a multiple-correct question's marking (its answers' fractions say only Moodle's own marking).
  const marking = str(q.marking).trim();
  if (marking) draft.marking = marking as MultipleChoiceMarking;
  const fromCategory = topicsNode === undefined && category.length > 0;
  return { question: { draft, topics, ...(fromCategory ? { category } : {}) }, issues };
}

function readChoice(q: XmlNode, type: string, draft: QuestionDraft, languages: Language[]): void {
  const answers = list(q.answer);
  if (!answers.length) throw new ItemError({ field: 'texts.options', message: importMessage('noAnswers') });
  const fractions = answers.map((a) => numberOf(attr(a, 'fraction')) ?? 0);
  if (fractions.some(Number.isNaN)) throw new ItemError({ field: 'correctAnswerId', message: importMessage('invalidNumber', attr(answers[0], 'fraction') ?? '') });
  const marks = draft.marks ?? 1;
  if (type === 'truefalse') {
    const trueIndex = answers.findIndex((a) => textOf(a).trim().toLowerCase() === 'true');
    const isTrue = trueIndex >= 0 ? fractions[trueIndex]! > 0 : fractions[0]! > 0;
    for (const language of languages) draft.texts[language]!.options = [IMPORT_MESSAGES.trueOption[language], IMPORT_MESSAGES.falseOption[language]].map((answerData, i) => ({ answerID: i + 1, answerData }));
    draft.questionType = 'singleChoice';
    draft.correctAnswerId = isTrue ? 1 : 2;
    return;
  }
  const isSingle = ['true', '1'].includes(str(q.single).trim().toLowerCase());
  // Our files keep each option's id (an attribute Moodle ignores); others number them in order.
  const ids = answers.map((a, i) => {
    const id = numberOf(attr(a, 'id'));
    return id !== undefined && Number.isInteger(id) && id > 0 ? id : i + 1;
  });
  const answerIds = new Set(ids).size === ids.length ? ids : answers.map((_, i) => i + 1);
  for (const language of languages) {
    draft.texts[language]!.options = answers.map((a, i) => ({ answerID: answerIds[i]!, answerData: perLanguage(textOf(a), [language])[language] ?? '' }));
  }
  const positive = fractions.map((f, i) => ({ f, id: answerIds[i]! })).filter(({ f }) => f > 0);
  if (!positive.length) throw new ItemError({ field: 'correctAnswerId', message: importMessage('noCorrectAnswer') });
  draft.questionType = isSingle ? 'singleChoice' : 'multipleChoice';
  draft.correctAnswerId = isSingle ? positive.reduce((best, x) => (x.f > best.f ? x : best)).id : positive.map((x) => x.id);
  const worst = Math.min(0, ...fractions);
  draft.negativeMarks = worst < 0 ? round((-worst / 100) * marks) : 0;
}

/**
 * Moodle `numerical` → the numerical-value kind: the one fully right answer with its tolerance (or
 * our own `<range>`), and the unit of multiplier 1. Answers of partial credit, several right
 * answers or units of other multipliers cannot be carried: the question's error or warning.
 */
function readNumerical(q: XmlNode, draft: QuestionDraft, languages: Language[]): ItemIssue[] {
  draft.questionType = 'numerical';
  const answers = list(q.answer).map((a) => ({ fraction: numberOf(attr(a, 'fraction')) ?? 0, value: textOf(a).trim(), tolerance: str(a.tolerance) }));
  const right = answers.filter((a) => a.fraction >= 100);
  if (!right.length) throw new ItemError({ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') });
  if (right.length > 1 || answers.some((a) => a.fraction > 0 && a.fraction < 100)) {
    throw new ItemError({ field: 'correctAnswerData', message: importMessage('numericalOneAnswer') });
  }
  const value = numberOf(right[0]!.value);
  const tolerance = numberOf(right[0]!.tolerance) ?? 0;
  if (value === undefined || Number.isNaN(value)) throw new ItemError({ field: 'correctAnswerData', message: importMessage('invalidNumber', right[0]!.value) });
  if (Number.isNaN(tolerance)) throw new ItemError({ field: 'correctAnswerData', message: importMessage('invalidNumber', right[0]!.tolerance) });
  const issues: ItemIssue[] = [];
  const units = list((q.units as XmlNode | undefined)?.unit).map((u) => ({ multiplier: numberOf(str(u.multiplier)) ?? 1, name: str(u.unit_name).trim() }));
  const base = units.find((u) => u.multiplier === 1 && u.name);
  const dropped = units.filter((u) => u !== base && u.name);
  if (dropped.length) issues.push({ field: 'correctAnswerData', message: importMessage('numericalUnitsDropped', dropped.map((u) => u.name).join(', ')), isWarning: true });
  const unit = base ? { unit: base.name.slice(0, 30) } : {};
  const range = q.range as XmlNode | undefined;
  const min = numberOf(str(range?.min));
  const max = numberOf(str(range?.max));
  draft.correctAnswerData =
    min !== undefined && max !== undefined && !Number.isNaN(min) && !Number.isNaN(max) ? { min, max, ...unit } : { value, tolerance: Math.abs(tolerance), ...unit };
  // A file written before this kind held numerical questions as one blank: the marker has no place now.
  for (const language of languages) {
    const variant = draft.texts[language]!;
    variant.data = variant.data.replaceAll(BLANK_MARKER, '').trim();
  }
  return issues;
}

/**
 * Moodle `matching` → the matching kind: each subquestion with a text is a list I item paired with
 * its answer; a subquestion without text adds its answer to list II (a distractor); answers alike
 * are one list II item. Our own `matchingpresentation` and `matchingcodes` keep a coded question.
 */
function readMatching(q: XmlNode, draft: QuestionDraft, languages: Language[]): void {
  const rows = list(q.subquestion).map((sub) => {
    const left = perLanguage(textOf(sub), languages);
    const answer = list(sub.answer)[0];
    // Our files keep each list II item's id (an attribute Moodle ignores), so list II keeps its order.
    const rightId = numberOf(attr(answer, 'id'));
    return { left: languages.some((l) => left[l]) ? left : null, right: perLanguage(textOf(answer), languages), ...(rightId !== undefined && Number.isInteger(rightId) ? { rightId } : {}) };
  });
  const presentation = str(q.matchingpresentation).trim() === 'coded' ? 'coded' : 'pairs';
  const read = matchingFromRows(rows, languages, presentation);
  if (!read) throw new ItemError({ field: 'texts.options', message: importMessage('matchingLists') });
  draft.questionType = 'matching';
  draft.correctAnswerData = read.key;
  for (const language of languages) draft.texts[language]!.options = read.options[language]!;
  if (presentation === 'coded') {
    const rightIds = read.options[languages[0]!]!.map((o) => o.answerID).filter((id) => id > 200);
    const codes = matchingCodes(read.key, rightIds, list((q.matchingcodes as XmlNode | undefined)?.code).map((c) => str(c).trim()));
    if (!codes) throw new ItemError({ field: 'texts.options', message: importMessage('matchingCodes') });
    for (const language of languages) draft.texts[language]!.options!.push(...codes.codes);
    draft.correctAnswerId = codes.correct;
  }
}

/** qtype_ordering's grading when partial credit is given: ours, "relative to the next item (excluding last)". */
const ORDERING_PARTIAL_GRADING = 'RELATIVE_NEXT_EXCLUDE_LAST';

/**
 * Moodle `ordering` → the ordering kind: the answers in their order (by `fraction`, the position),
 * all of them shown, one below the other. `ALL_OR_NOTHING` grading is no partial credit, any other
 * grading is partial credit relative to the next item (a warning names one that differs); a subset
 * of the items (`selecttype` RANDOM or CONTIGUOUS) or a horizontal layout is imported with all items
 * listed vertically, with a warning.
 */
function readOrdering(q: XmlNode, draft: QuestionDraft, languages: Language[]): ItemIssue[] {
  draft.questionType = 'ordering';
  const issues: ItemIssue[] = [];
  const answers = list(q.answer)
    .map((a, i) => ({ a, i, position: numberOf(attr(a, 'fraction')) ?? i + 1 }))
    .sort((x, y) => (Number.isNaN(x.position) || Number.isNaN(y.position) ? x.i - y.i : x.position - y.position || x.i - y.i))
    .map(({ a }) => a);
  if (!answers.length) throw new ItemError({ field: 'texts.options', message: importMessage('noAnswers') });
  // Our files keep each item's id (an attribute Moodle ignores); others get scrambled ids (the key is the order).
  const own = answers.map((a) => numberOf(attr(a, 'id')));
  const ids = own.every((id) => id !== undefined && Number.isInteger(id) && id > 0) && new Set(own).size === own.length ? (own as number[]) : scrambledItemIds(answers.length, textOf(q.questiontext));
  for (const language of languages) {
    draft.texts[language]!.options = answers.map((a, i) => ({ answerID: ids[i]!, answerData: perLanguage(textOf(a), [language])[language] ?? '' }));
  }
  draft.correctAnswerData = { order: ids };
  const grading = str(q.gradingtype).trim().toUpperCase();
  if (grading !== '' && str(q.partialcredit).trim() === '') draft.allowsPartialCredit = grading !== 'ALL_OR_NOTHING';
  if (grading !== '' && grading !== 'ALL_OR_NOTHING' && grading !== ORDERING_PARTIAL_GRADING) {
    issues.push({ field: 'allowsPartialCredit', message: importMessage('orderingGradingChanged', grading), isWarning: true });
  }
  const select = str(q.selecttype).trim().toUpperCase();
  const count = numberOf(str(q.selectcount)) ?? 0;
  if (select !== '' && select !== 'ALL' && count > 0 && count < answers.length) {
    issues.push({ field: 'texts.options', message: importMessage('orderingAllItems', `${select} ${count}`), isWarning: true });
  }
  const layout = str(q.layouttype).trim().toUpperCase();
  if (layout === 'HORIZONTAL') issues.push({ field: 'texts.options', message: importMessage('orderingAllItems', layout), isWarning: true });
  return issues;
}

/** The ordering key as qtype_ordering holds it: the answers in their order, each with its position as `fraction`. */
function writeOrdering(element: XmlNode, draft: QuestionDraft, languages: Language[], format: string): void {
  const order = orderingKeyOf(draft.correctAnswerData)?.order ?? (draft.texts[languages[0]!]?.options ?? []).map((o) => o.answerID);
  element.layouttype = 'VERTICAL';
  element.selecttype = 'ALL';
  element.selectcount = '0';
  element.gradingtype = draft.allowsPartialCredit ? ORDERING_PARTIAL_GRADING : 'ALL_OR_NOTHING';
  element.showgrading = 'SHOW';
  element.numberingstyle = 'none';
  element.answer = order.map((id, i) => ({
    '@_fraction': String(i + 1),
    '@_id': String(id),
    '@_format': format,
    ...textNode(joinLanguages(Object.fromEntries(languages.map((l) => [l, draft.texts[l]?.options?.find((o) => o.answerID === id)?.answerData])), languages)),
  }));
}

function readBlanks(q: XmlNode, type: string, draft: QuestionDraft, languages: Language[]): void {
  draft.questionType = 'text';
  if (type === 'multianswer') {
    let key: Blank[] | null = null;
    for (const language of languages) {
      const variant = draft.texts[language]!;
      const cloze = readCloze(variant.data);
      if (cloze.unsupported) throw new ItemError({ field: 'correctAnswerData', message: importMessage('unsupportedClozeBlank', cloze.unsupported) });
      variant.data = cloze.text;
      if (language === draft.defaultLanguage || key === null) key = cloze.blanks;
    }
    draft.correctAnswerData = key ?? [];
    return;
  }
  const correct = list(q.answer).filter((a) => (numberOf(attr(a, 'fraction')) ?? 0) >= 100);
  if (!correct.length) throw new ItemError({ field: 'correctAnswerData', message: importMessage('noCorrectAnswer') });
  const values = correct.map((a) => textOf(a).trim());
  const tolerance = type === 'numerical' ? numberOf(str(correct[0]!.tolerance)) : undefined;
  draft.correctAnswerData = [
    {
      value: values[0]!,
      ...(values.length > 1 ? { alternatives: values.slice(1) } : {}),
      ...(tolerance !== undefined && !Number.isNaN(tolerance) ? { tolerance } : {}),
    },
  ];
  for (const language of languages) {
    const variant = draft.texts[language]!;
    if (!variant.data.includes(BLANK_MARKER)) variant.data = `${variant.data} ${BLANK_MARKER}`.trim();
  }
}

// ---------- Writing ----------

const textNode = (text: string) => ({ text });

function clozeOf(text: string, blanks: Blank[]): string {
  let index = 0;
  return text.replace(/\{0\}/g, () => {
    const blank = blanks[index++];
    if (!blank) return BLANK_MARKER;
    const values = [blank.value, ...(blank.alternatives ?? [])];
    if (blank.tolerance !== undefined) return `{1:NUMERICAL:${values.map((v) => `=${escapeCloze(v)}:${blank.tolerance}`).join('~')}}`;
    return `{1:SHORTANSWER:${values.map((v) => `=${escapeCloze(v)}`).join('~')}}`;
  });
}

/** The numerical-value key as Moodle holds it: a value with a tolerance (a range as its middle ± half), the unit of multiplier 1. */
function writeNumerical(element: XmlNode, data: QuestionDraft['correctAnswerData']): void {
  const key = numericalKeyOf(data);
  if (!key) return;
  const value = 'min' in key ? round((key.min + key.max) / 2, 9) : key.value;
  const tolerance = 'min' in key ? round((key.max - key.min) / 2, 9) : key.tolerance;
  element.answer = [{ '@_fraction': '100', '@_format': 'plain_text', ...textNode(String(value)), tolerance: String(tolerance) }];
  // Our own element (Moodle ignores it): the range exactly as authored.
  if ('min' in key) element.range = { min: String(key.min), max: String(key.max) };
  element.unitgradingtype = '0';
  element.unitpenalty = '0';
  element.showunits = '3';
  element.unitsleft = '0';
  if (key.unit) element.units = { unit: [{ multiplier: '1', unit_name: key.unit }] };
}

/** A matching question as Moodle's subquestions (an extra list II item has an empty text), and a coded one's codes in our own elements. */
function writeMatching(element: XmlNode, draft: QuestionDraft, languages: Language[], format: string): void {
  const rows = matchingRows((l) => (draft.texts[l]!.options ?? []).map((o) => ({ answerID: o.answerID, answerData: o.answerData })), languages, draft.correctAnswerData) ?? [];
  element.shuffleanswers = 'true';
  element.subquestion = rows.map((row) => ({
    '@_format': format,
    ...textNode(row.left ? joinLanguages(row.left, languages) : ''),
    answer: [{ ...(row.rightId ? { '@_id': String(row.rightId) } : {}), ...textNode(joinLanguages(row.right, languages)) }],
  }));
  if (matchingKeyOf(draft.correctAnswerData)?.presentation === 'coded') {
    element.matchingpresentation = 'coded';
    const codes = (draft.texts[languages[0]!]!.options ?? []).filter((o) => o.answerID <= 4).sort((a, b) => a.answerID - b.answerID);
    element.matchingcodes = { code: codes.map((c) => c.answerData) };
  }
}

function questionElement(question: FormatQuestion, fileIndex: number): XmlNode {
  const { draft, topics } = question;
  const languages = languagesOf(draft);
  const field = (pick: (v: TextVariant) => string | null | undefined) =>
    joinLanguages(Object.fromEntries(languages.map((l) => [l, pick(draft.texts[l]!)])), languages);
  const exchange = SERVER_QUESTION_KINDS[draft.questionType].exchange.moodleXml!;
  const blanks = Array.isArray(draft.correctAnswerData) ? (draft.correctAnswerData as Blank[]) : [];
  const moodleType =
    exchange.form === 'essay'
      ? 'essay'
      : exchange.form === 'blanks'
        ? blanks.length === 1 && blanks[0]!.tolerance === undefined
          ? 'shortanswer'
          : blanks.length === 1
            ? 'numerical'
            : 'multianswer'
        : exchange.form === 'numerical'
          ? 'numerical'
          : exchange.form === 'match'
            ? 'matching'
            : exchange.form === 'ordering'
              ? 'ordering'
              : 'multichoice';

  let statement = field((v) => v.data);
  if (moodleType === 'multianswer') statement = joinLanguages(Object.fromEntries(languages.map((l) => [l, clozeOf(draft.texts[l]!.data, blanks)])), languages);
  const files: XmlNode[] = [];
  const data = draft.mediaUrl ? parseDataUrl(draft.mediaUrl) : null;
  if (data) {
    const name = `picture-${fileIndex}.${data.extension}`;
    statement += `<img src="${PLUGINFILE}${name}" alt="">`;
    files.push({ '@_name': name, '@_path': '/', '@_encoding': 'base64', '#text': data.base64 });
  }
  const contentType = draft.contentType ?? 'text';
  const element: XmlNode = {
    '@_type': moodleType,
    name: textNode(field((v) => v.title ?? '')),
    questiontext: { '@_format': contentType === 'text' ? 'plain_text' : 'html', text: statement, ...(files.length ? { file: files } : {}) },
    generalfeedback: { '@_format': 'html', ...textNode(field((v) => v.explanation ?? '')) },
    defaultgrade: String(draft.marks ?? 1),
    penalty: '0',
    hidden: '0',
  };
  const marks = draft.marks ?? 1;
  if (moodleType === 'multichoice') {
    const ids = draft.texts[languages[0]!]!.options!.map((o) => o.answerID);
    const key = draft.correctAnswerId;
    const correct = Array.isArray(key) ? key : key === null || key === undefined ? [] : [key];
    const wrong = marks > 0 && draft.negativeMarks ? round((-100 * (draft.negativeMarks ?? 0)) / marks, 7) : 0;
    element.single = exchange.single === false ? 'false' : 'true';
    element.shuffleanswers = '0';
    element.answernumbering = 'ABCD';
    element.answer = ids.map((id) => ({
      '@_fraction': String(correct.includes(id) ? round(100 / correct.length, 7) : wrong),
      ...(ids.every((x, i) => x === i + 1) ? {} : { '@_id': String(id) }),
      '@_format': contentType === 'text' ? 'plain_text' : 'html',
      ...textNode(joinLanguages(Object.fromEntries(languages.map((l) => [l, draft.texts[l]!.options!.find((o) => o.answerID === id)?.answerData])), languages)),
    }));
  } else if (exchange.form === 'numerical') {
    writeNumerical(element, draft.correctAnswerData);
  } else if (moodleType === 'matching') {
    writeMatching(element, draft, languages, contentType === 'text' ? 'plain_text' : 'html');
  } else if (moodleType === 'ordering') {
    writeOrdering(element, draft, languages, contentType === 'text' ? 'plain_text' : 'html');
  } else if (moodleType === 'shortanswer' || moodleType === 'numerical') {
    const blank = blanks[0]!;
    element.answer = [blank.value, ...(blank.alternatives ?? [])].map((value) => ({
      '@_fraction': '100',
      ...textNode(value),
      ...(moodleType === 'numerical' ? { tolerance: String(blank.tolerance) } : {}),
    }));
    if (moodleType === 'shortanswer') element.usecase = '0';
  } else if (moodleType === 'essay') {
    element.responseformat = 'editor';
    element.responserequired = '1';
    element.responsefieldlines = String(draft.lineNumber ?? 15);
    element.graderinfo = { '@_format': 'html', ...textNode(typeof draft.correctAnswerData === 'string' ? draft.correctAnswerData : '') };
  }
  const hint = field((v) => v.hint ?? null);
  if (hint) element.hint = [{ '@_format': 'html', ...textNode(hint) }];
  if (draft.tags?.length) element.tags = { tag: draft.tags.map((t) => textNode(t)) };
  // Our own elements (Moodle ignores them): what its format cannot say.
  if (draft.difficulty) element.difficulty = draft.difficulty;
  if (draft.negativeMarks) element.negativemarks = String(draft.negativeMarks);
  if (exchange.questionKind) element.questionkind = exchange.questionKind;
  // A blank with a tolerance is written as Moodle numerical; our element keeps it a blank on the way back.
  else if (exchange.form === 'blanks' && moodleType === 'numerical') element.questionkind = draft.questionType;
  if (exchange.partialCreditByDefault || draft.allowsPartialCredit) element.partialcredit = draft.allowsPartialCredit ? '1' : '0';
  if (draft.marking && draft.marking !== 'standard') element.marking = draft.marking;
  if (draft.numericTolerance !== null && draft.numericTolerance !== undefined) element.numerictolerance = String(draft.numericTolerance);
  if (draft.defaultLanguage && draft.defaultLanguage !== 'en') element.defaultlanguage = draft.defaultLanguage;
  if (contentType === 'image' || contentType === 'video') element.contenttype = contentType;
  if (draft.mediaUrl && !data) element.mediaurl = draft.mediaUrl;
  const instructions = field((v) => v.instructions ?? null);
  if (instructions) element.instructions = textNode(instructions);
  const answerTitle = field((v) => v.answerTitle ?? null);
  if (answerTitle) element.answertitle = textNode(answerTitle);
  if (draft.solution) element.solution = textNode(draft.solution);
  element.topics = topics.length ? { topic: topics } : '';
  return element;
}

/** Writes questions as Moodle XML; a category element precedes each change of first topic. */
export function writeMoodleXml(questions: FormatQuestion[]): string {
  const elements: XmlNode[] = [];
  let category: string | null = null;
  questions.forEach((question, index) => {
    const topic = question.topics[0] ?? '';
    if (topic !== category) {
      elements.push({ '@_type': 'category', category: textNode(`$course$/top${topic ? `/${topic.replace(/\//g, '//')}` : ''}`) });
      category = topic;
    }
    elements.push(questionElement(question, index + 1));
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ quiz: { question: elements } }) as string}`;
}
