import { arr, countTag, openPackage, textOf, type OfficePackage, type XmlNode } from './office.package.js';

/**
 * A presentation as the evaluator reads it: slides in order with their layout, title, body
 * paragraphs and levels, pictures, tables and speaker notes.
 */

export interface PSlide {
  index: number;
  layout: string | null;
  /** The slide's placeholder kinds (title, body), sorted: its layout as any app keeps it, whatever the layout's name. */
  placeholders: string;
  title: string;
  bullets: Array<{ text: string; level: number }>;
  pictures: number;
  tables: Array<{ rows: number; cols: number }>;
  notes: string;
}

export interface PPresentation {
  slides: PSlide[];
}

const ARRAYS = ['p:sldId', 'p:sp', 'p:pic', 'p:graphicFrame', 'p:grpSp', 'a:p', 'a:r', 'a:t', 'a:fld', 'a:tr', 'a:gridCol', 'a:tc'];

export function readPresentation(bytes: Uint8Array): PPresentation {
  const pkg = openPackage(bytes, 'pptx');
  const main = 'ppt/presentation.xml';
  const pres = pkg.xml(main, { arrays: ARRAYS });
  const rels = pkg.rels(main);
  const slides: PSlide[] = [];
  for (const id of arr(pres?.['p:presentation']?.['p:sldIdLst']?.['p:sldId'])) {
    const rel = rels.get(String(id['@r:id']));
    if (!rel || !pkg.has(rel.target)) continue;
    slides.push(readSlide(pkg, rel.target, slides.length + 1));
  }
  return { slides };
}

function shapesOf(tree: XmlNode): { sps: XmlNode[]; pics: number; frames: XmlNode[] } {
  const sps: XmlNode[] = [...arr(tree?.['p:sp'])];
  const frames: XmlNode[] = [...arr(tree?.['p:graphicFrame'])];
  let pics = arr(tree?.['p:pic']).length;
  for (const group of arr(tree?.['p:grpSp'])) {
    const inner = shapesOf(group);
    sps.push(...inner.sps);
    frames.push(...inner.frames);
    pics += inner.pics;
  }
  return { sps, pics, frames };
}

function placeholderType(sp: XmlNode): string | null {
  const ph = sp?.['p:nvSpPr']?.['p:nvPr']?.['p:ph'];
  if (ph === undefined) return null;
  return typeof ph === 'object' && ph['@type'] ? String(ph['@type']) : 'body';
}

function paragraphText(p: XmlNode): string {
  return (textOf({ r: p['a:r'] ?? [] }, 'a:t') + textOf({ f: p['a:fld'] ?? [] }, 'a:t')).replace(/\s+/g, ' ').trim();
}

function readSlide(pkg: OfficePackage, part: string, index: number): PSlide {
  const doc = pkg.xml(part, { arrays: ARRAYS });
  const tree = doc?.['p:sld']?.['p:cSld']?.['p:spTree'];
  const { sps, pics, frames } = shapesOf(tree);
  let title = '';
  const bullets: PSlide['bullets'] = [];
  const kinds = new Set<string>();
  for (const sp of sps) {
    const type = placeholderType(sp);
    if (type === 'title' || type === 'ctrTitle') kinds.add('title');
    else if (type === 'body' || type === 'subTitle' || type === 'obj') kinds.add('body');
    const paragraphs = arr(sp?.['p:txBody']?.['a:p']);
    if (type === 'title' || type === 'ctrTitle') {
      title = paragraphs.map(paragraphText).filter(Boolean).join(' ');
      continue;
    }
    if (type === 'sldNum' || type === 'dt' || type === 'ftr') continue;
    for (const p of paragraphs) {
      const text = paragraphText(p);
      if (!text) continue;
      bullets.push({ text, level: Number(p?.['a:pPr']?.['@lvl'] ?? 0) });
    }
  }
  const tables = frames
    .map((f) => f?.['a:graphic']?.['a:graphicData']?.['a:tbl'])
    .filter(Boolean)
    .map((tbl: XmlNode) => ({ rows: arr(tbl['a:tr']).length, cols: arr(tbl['a:tblGrid']?.['a:gridCol']).length }));
  let layout: string | null = null;
  let notes = '';
  for (const rel of pkg.rels(part).values()) {
    if (rel.type.endsWith('/slideLayout')) {
      const l = pkg.xml(rel.target);
      layout = String(l?.['p:sldLayout']?.['p:cSld']?.['@name'] ?? l?.['p:sldLayout']?.['@type'] ?? '') || null;
    } else if (rel.type.endsWith('/notesSlide')) {
      const n = pkg.xml(rel.target, { arrays: ARRAYS });
      const ntree = n?.['p:notes']?.['p:cSld']?.['p:spTree'];
      notes = shapesOf(ntree)
        .sps.filter((sp) => placeholderType(sp) === 'body')
        .flatMap((sp) => arr(sp?.['p:txBody']?.['a:p']).map(paragraphText))
        .filter(Boolean)
        .join('\n');
    }
  }
  return { index, layout, placeholders: [...kinds].sort().join('+'), title, bullets, pictures: pics + countTag(tree?.['p:graphicFrame'] ?? {}, 'pic:pic'), tables, notes };
}
