import { arr, countTag, openPackage, textOf, valOf, type XmlNode } from './office.package.js';

/**
 * A Word document as the evaluator reads it: paragraphs with their effective style (direct
 * formatting over the style's basedOn chain over the document defaults), runs with their
 * effective formatting, lists, tables, pictures and page setup.
 */

export interface DRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** Half-points as Word stores them (24 = 12 pt); null when unset. */
  size: number | null;
  color: string | null;
}

export interface DParagraph {
  text: string;
  styleId: string | null;
  styleName: string | null;
  /** 1–9 for a heading (outline level through the style chain, or a "heading N" style); null otherwise. */
  headingLevel: number | null;
  alignment: string;
  list: { level: number; ordered: boolean } | null;
  runs: DRun[];
}

export interface DTable {
  rows: number;
  cols: number;
  cells: string[][];
}

export interface DDocument {
  paragraphs: DParagraph[];
  tables: DTable[];
  images: number;
  page: { width: number; height: number; orientation: 'portrait' | 'landscape'; size: string; margins: { top: number; bottom: number; left: number; right: number } } | null;
}

interface StyleDef {
  id: string;
  name: string;
  type: string;
  basedOn: string | null;
  pPr: XmlNode;
  rPr: XmlNode;
}

const ARRAYS = ['w:p', 'w:r', 'w:tbl', 'w:tr', 'w:tc', 'w:style', 'w:t', 'w:hyperlink', 'w:abstractNum', 'w:num', 'w:lvl', 'w:gridCol', 'w:ins', 'w:smartTag', 'w:sdt'];

/** A toggle property (<w:b/>, <w:b w:val="0"/>): true, false, or undefined when absent. */
function toggle(rPr: XmlNode, name: string): boolean | undefined {
  const v = valOf(rPr, name);
  if (v === null) return undefined;
  return !(v === '0' || v === 'false' || v === 'off' || v === 'none');
}

export function readDocument(bytes: Uint8Array): DDocument {
  const pkg = openPackage(bytes, 'docx');
  const rels = pkg.rels('word/document.xml');
  const mainName = pkg.has('word/document.xml') ? 'word/document.xml' : findMain(pkg.names());
  const doc = pkg.xml(mainName, { arrays: ARRAYS });
  const body = doc?.['w:document']?.['w:body'] ?? {};
  let stylesPart = 'word/styles.xml';
  let numberingPart = 'word/numbering.xml';
  for (const rel of rels.values()) {
    if (rel.type.endsWith('/styles')) stylesPart = rel.target;
    if (rel.type.endsWith('/numbering')) numberingPart = rel.target;
  }
  const stylesDoc = pkg.xml(stylesPart, { arrays: ARRAYS });
  const styles = new Map<string, StyleDef>();
  let defaultParagraphStyle: string | null = null;
  for (const s of arr(stylesDoc?.['w:styles']?.['w:style'])) {
    const id = String(s['@w:styleId'] ?? '');
    const def: StyleDef = {
      id,
      name: valOf(s, 'w:name') ?? id,
      type: String(s['@w:type'] ?? 'paragraph'),
      basedOn: valOf(s, 'w:basedOn'),
      pPr: s['w:pPr'] ?? {},
      rPr: s['w:rPr'] ?? {},
    };
    styles.set(id, def);
    if (def.type === 'paragraph' && (s['@w:default'] === '1' || s['@w:default'] === 'true')) defaultParagraphStyle = id;
  }
  const defaults = stylesDoc?.['w:styles']?.['w:docDefaults'];
  const defaultRPr = defaults?.['w:rPrDefault']?.['w:rPr'] ?? {};
  const numbering = readNumbering(pkg.xml(numberingPart, { arrays: ARRAYS }));

  const chainOf = (id: string | null): StyleDef[] => {
    const chain: StyleDef[] = [];
    const seen = new Set<string>();
    let at = id;
    while (at && styles.has(at) && !seen.has(at) && chain.length < 20) {
      seen.add(at);
      const s = styles.get(at)!;
      chain.unshift(s);
      at = s.basedOn;
    }
    return chain;
  };

  const readParagraph = (p: XmlNode): DParagraph => {
    const pPr = p['w:pPr'] ?? {};
    const styleId = valOf(pPr, 'w:pStyle') ?? defaultParagraphStyle;
    const chain = chainOf(styleId);
    let alignment = 'left';
    let outline: number | null = null;
    let numPr: XmlNode = null;
    for (const layer of [...chain.map((s) => s.pPr), pPr]) {
      const jc = valOf(layer, 'w:jc');
      if (jc) alignment = jc === 'start' ? 'left' : jc === 'end' ? 'right' : jc;
      const ol = valOf(layer, 'w:outlineLvl');
      if (ol !== null && ol !== '') outline = Number(ol);
      if (layer?.['w:numPr']) numPr = { ...(numPr ?? {}), ...layer['w:numPr'] };
    }
    let headingLevel = outline !== null && outline >= 0 && outline < 9 ? outline + 1 : null;
    if (headingLevel === null) {
      for (const s of [...chain].reverse()) {
        const m = /^heading\s*(\d)$/i.exec(s.name) ?? /^heading(\d)$/i.exec(s.id);
        if (m) {
          headingLevel = Number(m[1]);
          break;
        }
        if (/^title$/i.test(s.name)) {
          headingLevel = 0;
          break;
        }
      }
    }
    let list: DParagraph['list'] = null;
    if (numPr) {
      const numId = valOf(numPr, 'w:numId');
      const level = Number(valOf(numPr, 'w:ilvl') || 0);
      if (numId && numId !== '0') list = { level, ordered: numbering.isOrdered(numId, level) };
    }
    const styleRPr = chain.map((s) => s.rPr);
    const runs: DRun[] = [];
    for (const r of runsOf(p)) {
      const rPr = r['w:rPr'] ?? {};
      const runChain = chainOf(valOf(rPr, 'w:rStyle')).map((s) => s.rPr);
      const layers = [defaultRPr, ...styleRPr, ...runChain, rPr];
      const eff = (name: string) => layers.reduce<boolean>((acc, layer) => toggle(layer, name) ?? acc, false);
      let size: number | null = null;
      let color: string | null = null;
      for (const layer of layers) {
        const sz = valOf(layer, 'w:sz');
        if (sz) size = Number(sz);
        const c = valOf(layer, 'w:color');
        if (c) color = c.toUpperCase();
      }
      const text = runText(r);
      if (!text) continue;
      runs.push({ text, bold: eff('w:b'), italic: eff('w:i'), underline: eff('w:u'), size, color });
    }
    const chainTop = chain[chain.length - 1];
    return {
      text: runs.map((r) => r.text).join(''),
      styleId,
      styleName: chainTop?.name ?? null,
      headingLevel,
      alignment,
      list,
      runs,
    };
  };

  const paragraphs = arr(body['w:p']).map(readParagraph);
  for (const sdt of arr(body['w:sdt'])) for (const p of arr(sdt?.['w:sdtContent']?.['w:p'])) paragraphs.push(readParagraph(p));
  const tables: DTable[] = arr(body['w:tbl']).map((tbl) => {
    const rows = arr(tbl['w:tr']).map((tr) => arr(tr['w:tc']).map((tc) => arr(tc['w:p']).map((p) => runsOf(p).map(runText).join('')).join('\n')));
    const gridCols = arr(tbl['w:tblGrid']?.['w:gridCol']).length;
    return { rows: rows.length, cols: Math.max(gridCols, ...rows.map((r) => r.length), 0), cells: rows };
  });
  const sect = body['w:sectPr'];
  let page: DDocument['page'] = null;
  if (sect) {
    const pgSz = sect['w:pgSz'] ?? {};
    const pgMar = sect['w:pgMar'] ?? {};
    const width = Number(pgSz['@w:w'] ?? 0);
    const height = Number(pgSz['@w:h'] ?? 0);
    const orientation = pgSz['@w:orient'] === 'landscape' || width > height ? 'landscape' : 'portrait';
    const short = Math.min(width, height);
    const long = Math.max(width, height);
    const near = (a: number, b: number) => Math.abs(a - b) <= 120;
    const size = near(short, 11906) && near(long, 16838) ? 'A4' : near(short, 12240) && near(long, 15840) ? 'Letter' : near(short, 12240) && near(long, 20160) ? 'Legal' : `${short}x${long}`;
    page = {
      width,
      height,
      orientation,
      size,
      margins: { top: Number(pgMar['@w:top'] ?? 0), bottom: Number(pgMar['@w:bottom'] ?? 0), left: Number(pgMar['@w:left'] ?? 0), right: Number(pgMar['@w:right'] ?? 0) },
    };
  }
  return { paragraphs, tables, images: countTag(body, 'w:drawing') + countTag(body, 'w:pict'), page };
}

function findMain(names: string[]): string {
  return names.find((n) => /^word\/document\d*\.xml$/.test(n)) ?? 'word/document.xml';
}

/** A paragraph's runs, including those inside hyperlinks, insertions and smart tags. */
function runsOf(p: XmlNode): XmlNode[] {
  const out: XmlNode[] = [...arr(p?.['w:r'])];
  for (const key of ['w:hyperlink', 'w:ins', 'w:smartTag']) for (const wrap of arr(p?.[key])) out.push(...runsOf(wrap));
  return out;
}

function runText(r: XmlNode): string {
  let text = textOf({ x: r['w:t'] ?? [] }, 'x');
  if (r['w:tab'] !== undefined) text = `\t${text}`;
  return text;
}

function readNumbering(doc: XmlNode) {
  const abstract = new Map<string, Map<number, string>>();
  for (const a of arr(doc?.['w:numbering']?.['w:abstractNum'])) {
    const levels = new Map<number, string>();
    for (const lvl of arr(a['w:lvl'])) levels.set(Number(lvl['@w:ilvl'] ?? 0), valOf(lvl, 'w:numFmt') ?? 'bullet');
    abstract.set(String(a['@w:abstractNumId']), levels);
  }
  const nums = new Map<string, string>();
  for (const n of arr(doc?.['w:numbering']?.['w:num'])) nums.set(String(n['@w:numId']), valOf(n, 'w:abstractNumId') ?? '');
  return {
    isOrdered(numId: string, level: number): boolean {
      const fmt = abstract.get(nums.get(numId) ?? '')?.get(level);
      return !!fmt && fmt !== 'bullet' && fmt !== 'none';
    },
  };
}
