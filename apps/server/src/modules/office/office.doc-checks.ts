import type { OfficeCheckResult, OfficeRubricCheck } from '@app/contracts';
import type { DDocument, DParagraph } from './office.docx.js';
import { officeText } from './office.labels.js';
import { norm } from './office.package.js';
import type { PPresentation } from './office.pptx.js';
import { similarity, TEXT_MATCH } from './office.similarity.js';

/** Document and presentation checks, and their drafts. */

function result(check: OfficeRubricCheck, score: number, expected: string | null, actual: string | null): OfficeCheckResult {
  const s = Math.max(0, Math.min(1, score));
  return { id: check.id, type: check.type, label: check.label, weight: check.weight, passed: s >= 1 - 1e-9, score: s, expected, actual };
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : Number.isFinite(Number(v)) && v !== '' && v !== undefined ? Number(v) : fallback);
const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The student's paragraph most like a text (null below the match threshold); with `contains`, the
 * first paragraph that contains the text (a rubric's `match: 'contains'`, for answers in the student's own words).
 */
function findParagraphIn(doc: DDocument, text: string, accept: (p: DParagraph) => boolean = () => true, contains = false): DParagraph | null {
  if (contains) return doc.paragraphs.find((p) => accept(p) && norm(p.text).includes(norm(text))) ?? null;
  // The usual case first: the same text (any case and spacing).
  const wanted = norm(text);
  const same = indexOf(doc).get(wanted)?.find(accept);
  if (same) return same;
  let best: DParagraph | null = null;
  let bestScore = 0;
  for (const p of doc.paragraphs) {
    if (!accept(p)) continue;
    const s = similarity(p.text, text);
    if (s > bestScore) {
      best = p;
      bestScore = s;
    }
  }
  return bestScore >= TEXT_MATCH ? best : null;
}

const indexes = new WeakMap<DDocument, Map<string, DParagraph[]>>();

/** A document's paragraphs by normalised text (built once per document). */
function indexOf(doc: DDocument): Map<string, DParagraph[]> {
  let index = indexes.get(doc);
  if (!index) {
    index = new Map();
    for (const p of doc.paragraphs) {
      const key = norm(p.text);
      index.set(key, [...(index.get(key) ?? []), p]);
    }
    indexes.set(doc, index);
  }
  return index;
}

/**
 * Whether some occurrence of `fragment` in the paragraph has the wanted run formatting on every
 * letter; null when the paragraph does not contain it.
 */
function fragmentFormatted(p: DParagraph, fragment: string, props: Array<'bold' | 'italic' | 'underline'>): boolean | null {
  const flags: Array<Record<'bold' | 'italic' | 'underline', boolean>> = [];
  let text = '';
  for (const r of p.runs) {
    for (const ch of r.text) {
      text += ch;
      flags.push({ bold: r.bold, italic: r.italic, underline: r.underline });
    }
  }
  const lower = text.toLowerCase();
  const needle = fragment.toLowerCase();
  if (!needle) return null;
  let at = lower.indexOf(needle);
  if (at < 0) return null;
  while (at >= 0) {
    let ok = true;
    for (let i = at; i < at + needle.length && ok; i++) {
      if (/\s/.test(text[i] ?? '')) continue;
      if (props.some((prop) => !flags[i]?.[prop])) ok = false;
    }
    if (ok) return true;
    at = lower.indexOf(needle, at + 1);
  }
  return false;
}

export function evaluateDocx(student: DDocument, solution: DDocument, checks: OfficeRubricCheck[]): OfficeCheckResult[] {
  return checks.filter((c) => c.enabled).map((check) => docxCheck(student, solution, check));
}

function docxCheck(student: DDocument, solution: DDocument, check: OfficeRubricCheck): OfficeCheckResult {
  const p = check.params;
  const text = str(p['text']);
  const contains = p['match'] === 'contains';
  const findParagraph = (doc: DDocument, t: string) => findParagraphIn(doc, t, () => true, contains);
  switch (check.type) {
    case 'text': {
      const found = findParagraph(student, text);
      if (found) return result(check, 1, short(text), short(found.text));
      let nearest = '';
      let nearestScore = 0;
      for (const q of student.paragraphs) {
        const s = similarity(q.text, text);
        if (s > nearestScore) {
          nearest = q.text;
          nearestScore = s;
        }
      }
      return result(check, 0, short(text), nearest ? short(nearest) : null);
    }
    case 'heading': {
      const level = num(p['level'], 1);
      const found = findParagraph(student, text);
      if (!found) return result(check, 0, `${short(text)} (heading ${level})`, null);
      const ok = found.headingLevel === level;
      return result(check, ok ? 1 : found.headingLevel !== null ? 0.5 : 0, `heading ${level}`, found.headingLevel === null ? 'normal text' : `heading ${found.headingLevel}`);
    }
    case 'paragraphStyle': {
      const found = findParagraph(student, text);
      const want = norm(str(p['style']));
      return result(check, found && norm(found.styleName ?? '') === want ? 1 : 0, str(p['style']), found?.styleName ?? null);
    }
    case 'alignment': {
      const found = findParagraph(student, text);
      const want = str(p['alignment']) || 'left';
      return result(check, found && found.alignment === want ? 1 : 0, `${short(text)}: ${want}`, found ? found.alignment : null);
    }
    case 'list': {
      const found = findParagraph(student, text);
      const level = num(p['level'], 0);
      if (!found || !found.list) return result(check, 0, `${short(text)}: list item`, found ? 'not a list item' : null);
      const orderedWanted = p['ordered'];
      const orderOk = typeof orderedWanted !== 'boolean' || orderedWanted === found.list.ordered;
      const score = (found.list.level === level ? 0.5 : 0) + (orderOk ? 0.5 : 0);
      return result(check, score, `level ${level + 1}${typeof orderedWanted === 'boolean' ? (orderedWanted ? ', numbered' : ', bulleted') : ''}`, `level ${found.list.level + 1}, ${found.list.ordered ? 'numbered' : 'bulleted'}`);
    }
    case 'runFormat': {
      const props = (['bold', 'italic', 'underline'] as const).filter((k) => p[k] === true);
      let seen = false;
      for (const para of student.paragraphs) {
        const ok = fragmentFormatted(para, text, props);
        if (ok) return result(check, 1, `${short(text)}: ${props.join(', ')}`, props.join(', '));
        if (ok === false) seen = true;
      }
      return result(check, 0, `${short(text)}: ${props.join(', ')}`, seen ? 'not formatted so' : null);
    }
    case 'table': {
      const index = Math.max(1, num(check.target, 1)) - 1;
      const rows = num(p['rows'], 0);
      const cols = num(p['cols'], 0);
      const got = student.tables[index] ?? student.tables.find((t) => t.rows === rows && t.cols === cols);
      if (!got) return result(check, 0, `table ${rows}×${cols}`, student.tables.length ? `${student.tables.length} other table(s)` : 'no table');
      const shape = (got.rows === rows ? 0.25 : 0) + (got.cols === cols ? 0.25 : 0);
      const want = solution.tables[index];
      let cellScore = 1;
      if (want && want.cells.length) {
        let total = 0;
        let ok = 0;
        want.cells.forEach((row, r) =>
          row.forEach((cell, c) => {
            if (!cell.trim()) return;
            total += 1;
            if (similarity(cell, got.cells[r]?.[c] ?? '') >= TEXT_MATCH) ok += 1;
          }),
        );
        cellScore = total ? ok / total : 1;
      }
      return result(check, shape + 0.5 * cellScore, `table ${rows}×${cols}`, `table ${got.rows}×${got.cols}, ${Math.round(cellScore * 100)}% of cells`);
    }
    case 'image': {
      const count = num(p['count'], 1);
      return result(check, count <= 0 ? 1 : Math.min(1, student.images / count), `${count} picture(s)`, `${student.images}`);
    }
    case 'pageSetup': {
      const parts: Array<[string, string | null | undefined]> = [
        ['orientation', student.page?.orientation],
        ['size', student.page?.size],
      ];
      const wanted = parts.filter(([k]) => str(p[k]) !== '');
      if (wanted.length === 0) return result(check, 1, null, null);
      const ok = wanted.filter(([k, v]) => norm(str(p[k])) === norm(v ?? '')).length;
      return result(check, ok / wanted.length, wanted.map(([k]) => `${k} ${str(p[k])}`).join(', '), student.page ? `${student.page.orientation}, ${student.page.size}` : null);
    }
    default:
      return result(check, 0, `unknown check ${check.type}`, null);
  }
}

export function draftDocx(solution: DDocument): OfficeRubricCheck[] {
  const checks: OfficeRubricCheck[] = [];
  let n = 0;
  const add = (type: OfficeRubricCheck['type'], target: string, label: string, weight: number, params: OfficeRubricCheck['params']) => {
    if (checks.length < 400) checks.push({ id: `${type}-${++n}`, type, target, label, weight, enabled: true, params });
  };
  let formatted = 0;
  for (const p of solution.paragraphs) {
    const text = p.text.trim();
    if (!text) continue;
    if (p.headingLevel !== null && p.headingLevel > 0) {
      add('heading', '', officeText('heading', { a: short(text, 40) }).en, 2, { text, level: p.headingLevel });
    } else {
      add('text', '', officeText('text', { a: short(text, 40) }).en, 1, { text });
      if (p.headingLevel === 0) add('paragraphStyle', '', officeText('paragraphStyle', { a: short(text, 40) }).en, 1, { text, style: p.styleName ?? 'Title' });
    }
    if (p.list) add('list', '', officeText('list', { a: short(text, 40) }).en, 1, { text, level: p.list.level, ordered: p.list.ordered });
    if (p.alignment !== 'left' && p.alignment !== 'both') add('alignment', '', officeText('alignment', { a: short(text, 40) }).en, 1, { text, alignment: p.alignment });
    // Run formatting that differs from the paragraph's own (a bold word in plain text).
    if (p.headingLevel === null && formatted < 30) {
      for (const r of p.runs) {
        const props = { bold: r.bold, italic: r.italic, underline: r.underline };
        if (!r.text.trim() || !(props.bold || props.italic || props.underline)) continue;
        if (p.runs.every((x) => x.bold === r.bold && x.italic === r.italic && x.underline === r.underline) && p.runs.length > 1) continue;
        formatted += 1;
        const names = (Object.keys(props) as Array<keyof typeof props>).filter((k) => props[k]);
        add('runFormat', '', officeText('runFormat', { a: names.join(' and '), b: short(r.text.trim(), 30) }).en, 1, { text: r.text.trim(), ...Object.fromEntries(names.map((k) => [k, true])) });
      }
    }
  }
  solution.tables.forEach((t, i) => add('table', String(i + 1), officeText('table', { a: i + 1, b: `${t.rows}×${t.cols}` }).en, 2, { rows: t.rows, cols: t.cols }));
  if (solution.images > 0) add('image', '', officeText('image', { a: solution.images }).en, 1, { count: solution.images });
  if (solution.page) add('pageSetup', '', officeText('pageSetup', { a: solution.page.size, b: solution.page.orientation }).en, 1, { orientation: solution.page.orientation, size: solution.page.size });
  return checks;
}

// ---------- Presentations ----------

export function evaluatePptx(student: PPresentation, _solution: PPresentation, checks: OfficeRubricCheck[]): OfficeCheckResult[] {
  return checks.filter((c) => c.enabled).map((check) => pptxCheck(student, check));
}

function pptxCheck(student: PPresentation, check: OfficeRubricCheck): OfficeCheckResult {
  const p = check.params;
  const index = Math.max(1, num(check.target, 1));
  const slide = student.slides[index - 1];
  switch (check.type) {
    case 'slideCount': {
      const count = num(p['count'], 0);
      return result(check, student.slides.length === count ? 1 : 0, `${count} slides`, `${student.slides.length} slides`);
    }
    case 'slideTitle': {
      const title = str(p['title']);
      if (slide && similarity(slide.title, title) >= TEXT_MATCH) return result(check, 1, title, slide.title);
      const elsewhere = student.slides.find((s) => similarity(s.title, title) >= TEXT_MATCH);
      return result(check, elsewhere ? 0.5 : 0, `slide ${index}: ${title}`, elsewhere ? `slide ${elsewhere.index}: ${elsewhere.title}` : (slide?.title ?? null));
    }
    case 'slideLayout': {
      const want = str(p['layout']);
      // Apps rename layouts when they save (LibreOffice's "Blank Slide"): the same placeholders count as the same layout.
      const samePlaceholders = !!slide && typeof p['placeholders'] === 'string' && p['placeholders'] !== '' && slide.placeholders === p['placeholders'];
      return result(check, slide && (norm(slide.layout ?? '') === norm(want) || samePlaceholders) ? 1 : 0, want, slide ? `${slide.layout ?? 'no layout'} (${slide.placeholders || 'no placeholders'})` : null);
    }
    case 'bullets': {
      const items = Array.isArray(p['items']) ? (p['items'] as string[]) : [];
      const levels = Array.isArray(p['levels']) ? (p['levels'] as string[]).map(Number) : [];
      if (items.length === 0) return result(check, 1, null, null);
      let ok = 0;
      let firstMiss: string | null = null;
      items.forEach((item, i) => {
        const found = slide?.bullets.find((b) => similarity(b.text, item) >= TEXT_MATCH);
        const levelOk = found && (levels[i] === undefined || Number.isNaN(levels[i]) || found.level === levels[i]);
        if (found && levelOk) ok += 1;
        else if (found) {
          ok += 0.5;
          firstMiss ??= `${short(item, 30)} at level ${(levels[i] ?? 0) + 1}`;
        } else firstMiss ??= short(item, 40);
      });
      return result(check, ok / items.length, firstMiss, slide ? slide.bullets.map((b) => short(b.text, 30)).join(' | ') || 'no text' : 'no such slide');
    }
    case 'picture': {
      const count = num(p['count'], 1);
      return result(check, slide ? Math.min(1, slide.pictures / Math.max(count, 1)) : 0, `${count} picture(s)`, slide ? String(slide.pictures) : 'no such slide');
    }
    case 'table': {
      const rows = num(p['rows'], 0);
      const cols = num(p['cols'], 0);
      const t = slide?.tables[0];
      const score = t ? (t.rows === rows ? 0.5 : 0) + (t.cols === cols ? 0.5 : 0) : 0;
      return result(check, score, `table ${rows}×${cols}`, t ? `table ${t.rows}×${t.cols}` : 'no table');
    }
    case 'notes': {
      const text = str(p['text']);
      const got = slide?.notes ?? '';
      return result(check, similarity(got, text) >= 0.8 ? 1 : 0, short(text), got ? short(got) : null);
    }
    default:
      return result(check, 0, `unknown check ${check.type}`, null);
  }
}

export function draftPptx(solution: PPresentation): OfficeRubricCheck[] {
  const checks: OfficeRubricCheck[] = [];
  let n = 0;
  const add = (type: OfficeRubricCheck['type'], target: string, label: string, weight: number, params: OfficeRubricCheck['params']) => {
    if (checks.length < 400) checks.push({ id: `${type}-${++n}`, type, target, label, weight, enabled: true, params });
  };
  add('slideCount', '', officeText('slideCount', { a: solution.slides.length }).en, 1, { count: solution.slides.length });
  for (const s of solution.slides) {
    if (s.title) add('slideTitle', String(s.index), officeText('slideTitle', { a: s.index, b: short(s.title, 40) }).en, 2, { title: s.title });
    if (s.layout) add('slideLayout', String(s.index), officeText('slideLayout', { a: s.index, b: s.layout }).en, 1, { layout: s.layout, placeholders: s.placeholders });
    if (s.bullets.length) {
      add('bullets', String(s.index), officeText('slideText', { a: s.index }).en, 2, { items: s.bullets.map((b) => b.text), levels: s.bullets.map((b) => String(b.level)) });
    }
    if (s.pictures > 0) add('picture', String(s.index), officeText('slidePicture', { a: s.index }).en, 1, { count: s.pictures });
    s.tables.forEach((t) => add('table', String(s.index), officeText('slideTable', { a: s.index, b: `${t.rows}×${t.cols}` }).en, 1, { rows: t.rows, cols: t.cols }));
    if (s.notes) add('notes', String(s.index), officeText('slideNotes', { a: s.index }).en, 1, { text: s.notes });
  }
  return checks;
}
