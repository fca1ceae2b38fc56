import type { Paragraph, Table } from 'docx';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { deflateSync } from 'node:zlib';

/**
 * Office files made in code: the demo questions' start and solution files, and the files of the
 * evaluator's tests and benchmark. Workbooks are written by exceljs (a bar chart, which exceljs
 * cannot write, is added as its DrawingML parts), documents by docx, presentations by pptxgenjs.
 */

// ---------- Workbooks ----------

export type CellSpec = string | number | null | { f: string; v?: number | string; numFmt?: string } | { v: string | number; bold?: boolean; numFmt?: string; fill?: string; align?: 'left' | 'center' | 'right' };

export interface ChartSpec {
  type: 'bar' | 'line' | 'pie';
  title: string;
  /** e.g. "Sheet1!$A$2:$A$6" */
  categories: string;
  values: string;
  seriesName: string;
}

export interface SheetSpec {
  name: string;
  rows: CellSpec[][];
  /** Per cell address: formula or style overrides are in rows; widths optional. */
  widths?: number[];
  chart?: ChartSpec;
}

export async function buildWorkbook(sheets: SheetSpec[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'NEET Prep';
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name);
    spec.widths?.forEach((w, i) => (ws.getColumn(i + 1).width = w));
    spec.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === null) return;
        const target = ws.getCell(r + 1, c + 1);
        if (typeof cell === 'string' || typeof cell === 'number') target.value = cell;
        else if ('f' in cell) {
          target.value = cell.v === undefined ? { formula: cell.f, date1904: false } : ({ formula: cell.f, result: cell.v } as ExcelJS.CellFormulaValue);
          if (cell.numFmt) target.numFmt = cell.numFmt;
        }        else {
          target.value = cell.v;
          if (cell.bold) target.font = { bold: true };
          if (cell.numFmt) target.numFmt = cell.numFmt;
          if (cell.fill) target.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${cell.fill}` } };
          if (cell.align) target.alignment = { horizontal: cell.align };
        }
      }),
    );
  }
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  const charts = sheets.map((s, i) => ({ sheetIndex: i + 1, chart: s.chart })).filter((c): c is { sheetIndex: number; chart: ChartSpec } => !!c.chart);
  return charts.length ? addCharts(bytes, charts) : bytes;
}

function chartXml(chart: ChartSpec): string {
  const plot = chart.type === 'bar' ? 'c:barChart' : chart.type === 'line' ? 'c:lineChart' : 'c:pieChart';
  const extra = chart.type === 'bar' ? '<c:barDir val="col"/><c:grouping val="clustered"/>' : chart.type === 'line' ? '<c:grouping val="standard"/>' : '<c:varyColors val="1"/>';
  const axes = chart.type === 'pie' ? '' : '<c:axId val="111"/><c:axId val="222"/>';
  const axisDefs =
    chart.type === 'pie'
      ? ''
      : '<c:catAx><c:axId val="111"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/><c:crossAx val="222"/></c:catAx><c:valAx><c:axId val="222"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="111"/></c:valAx>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>${escapeXml(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/><c:plotArea><c:layout/><${plot}>${extra}<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:v>${escapeXml(chart.seriesName)}</c:v></c:tx><c:cat><c:strRef><c:f>${escapeXml(chart.categories)}</c:f></c:strRef></c:cat><c:val><c:numRef><c:f>${escapeXml(chart.values)}</c:f></c:numRef></c:val></c:ser>${axes}</${plot}>${axisDefs}</c:plotArea><c:plotVisOnly val="1"/></c:chart></c:chartSpace>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Adds one bar/line/pie chart per listed sheet (a drawing part and a chart part each). */
function addCharts(bytes: Uint8Array, charts: Array<{ sheetIndex: number; chart: ChartSpec }>): Uint8Array {
  const files = unzipSync(bytes);
  let types = strFromU8(files['[Content_Types].xml']!);
  for (const [n, { sheetIndex, chart }] of charts.entries()) {
    const id = n + 1;
    const sheetPart = `xl/worksheets/sheet${sheetIndex}.xml`;
    const relsPart = `xl/worksheets/_rels/sheet${sheetIndex}.xml.rels`;
    let sheet = strFromU8(files[sheetPart]!);
    const drawingTag = `<drawing r:id="rIdChart${id}"/>`;
    const before = ['<legacyDrawing', '<tableParts', '<extLst', '</worksheet>'].map((t) => sheet.indexOf(t)).filter((i) => i >= 0);
    const at = Math.min(...before);
    sheet = sheet.slice(0, at) + drawingTag + sheet.slice(at);
    if (!sheet.includes('xmlns:r=')) sheet = sheet.replace('<worksheet ', '<worksheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ');
    files[sheetPart] = strToU8(sheet);
    const rel = `<Relationship Id="rIdChart${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing${id}.xml"/>`;
    files[relsPart] = strToU8(
      files[relsPart]
        ? strFromU8(files[relsPart]!).replace('</Relationships>', `${rel}</Relationships>`)
        : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel}</Relationships>`,
    );
    files[`xl/drawings/drawing${id}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"><xdr:twoCellAnchor><xdr:from><xdr:col>7</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>14</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>16</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${id + 1}" name="Chart ${id}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`,
    );
    files[`xl/drawings/_rels/drawing${id}.xml.rels`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" Target="../charts/chart${id}.xml"/></Relationships>`,
    );
    files[`xl/charts/chart${id}.xml`] = strToU8(chartXml(chart));
    types = types.replace(
      '</Types>',
      `<Override PartName="/xl/drawings/drawing${id}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/charts/chart${id}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>`,
    );
  }
  files['[Content_Types].xml'] = strToU8(types);
  return zipSync(files, { level: 6, mtime: new Date(Date.UTC(2026, 0, 1)) });
}

// ---------- Documents ----------

export type BlockSpec =
  | { title: string }
  | { heading: string; level?: 1 | 2 | 3 }
  | { text: string | Array<{ text: string; bold?: boolean; italic?: boolean; underline?: boolean }>; align?: 'left' | 'center' | 'right' | 'justify' }
  | { bullets: string[]; level?: number }
  | { numbered: string[] }
  | { table: string[][] }
  | { image: Uint8Array; width: number; height: number }
  | { pageBreak: true };

// docx and pptxgenjs write the demo's and the tests' office files only: loaded when a file is
// built, never by a server that does not seed the demo (they are development dependencies).
export async function buildDocument(blocks: BlockSpec[], page: { orientation?: 'portrait' | 'landscape' } = {}): Promise<Uint8Array> {
  const { AlignmentType, Document, HeadingLevel, ImageRun, LevelFormat, Packer, PageOrientation, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = await import('docx');
  const HEADINGS = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
  const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;
  const children: Array<Paragraph | Table> = [];
  for (const b of blocks) {
    if ('title' in b) children.push(new Paragraph({ text: b.title, heading: HeadingLevel.TITLE }));
    else if ('heading' in b) children.push(new Paragraph({ text: b.heading, heading: HEADINGS[b.level ?? 1] }));
    else if ('text' in b) {
      const runs = typeof b.text === 'string' ? [new TextRun(b.text)] : b.text.map((r) => new TextRun({ text: r.text, bold: r.bold, italics: r.italic, underline: r.underline ? {} : undefined }));
      children.push(new Paragraph({ children: runs, alignment: ALIGN[b.align ?? 'left'] }));
    } else if ('bullets' in b) for (const item of b.bullets) children.push(new Paragraph({ text: item, bullet: { level: b.level ?? 0 } }));
    else if ('numbered' in b) for (const item of b.numbered) children.push(new Paragraph({ text: item, numbering: { reference: 'steps', level: 0 } }));
    else if ('table' in b) {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: b.table.map((row, r) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: cell, bold: r === 0 })] })] })) })),
        }),
      );
    } else if ('image' in b) children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: b.image, transformation: { width: b.width, height: b.height } })] }));
    else if ('pageBreak' in b) children.push(new Paragraph({ text: '', pageBreakBefore: true }));
  }
  const doc = new Document({
    creator: 'NEET Prep',
    numbering: { config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }] },
    sections: [{ properties: { page: { size: { orientation: page.orientation === 'landscape' ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT, width: 11906, height: 16838 } } }, children }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

// ---------- Presentations ----------

export interface SlideSpec {
  layout: 'title' | 'content';
  title: string;
  subtitle?: string;
  bullets?: Array<string | { text: string; level: number }>;
  table?: string[][];
  image?: { data: Uint8Array };
  notes?: string;
}

const PNG_PREFIX = 'data:image/png;base64,';

export async function buildPresentation(slides: SlideSpec[]): Promise<Uint8Array> {
  const { default: PptxGenJS } = await import('pptxgenjs');
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.author = 'NEET Prep';
  pptx.defineSlideMaster({
    title: 'Title Slide',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 1.6, w: 9, h: 1.2, fontSize: 40, align: 'center' }, text: '' } },
      { placeholder: { options: { name: 'subtitle', type: 'body', x: 0.5, y: 3, w: 9, h: 0.8, fontSize: 20, align: 'center' }, text: '' } },
    ],
  });
  pptx.defineSlideMaster({
    title: 'Title and Content',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 0.9, fontSize: 32 }, text: '' } },
      { placeholder: { options: { name: 'body', type: 'body', x: 0.5, y: 1.3, w: 9, h: 3.9, fontSize: 20 }, text: '' } },
    ],
  });
  for (const spec of slides) {
    const slide = pptx.addSlide({ masterName: spec.layout === 'title' ? 'Title Slide' : 'Title and Content' });
    slide.addText(spec.title, { placeholder: 'title' });
    if (spec.subtitle) slide.addText(spec.subtitle, { placeholder: 'subtitle' });
    if (spec.bullets?.length) {
      slide.addText(
        spec.bullets.map((b) => (typeof b === 'string' ? { text: b, options: { bullet: true, breakLine: true } } : { text: b.text, options: { bullet: true, indentLevel: b.level, breakLine: true } })),
        { placeholder: 'body' },
      );
    }
    if (spec.table) slide.addTable(spec.table.map((row) => row.map((text) => ({ text }))), { x: 0.5, y: spec.bullets?.length ? 3.4 : 1.4, w: 9, fontSize: 16, border: { type: 'solid', pt: 1, color: '666666' } });
    if (spec.image) slide.addImage({ data: PNG_PREFIX + Buffer.from(spec.image.data).toString('base64'), x: 6.5, y: 1.4, w: 3, h: 3 });
    if (spec.notes) slide.addNotes(spec.notes);
  }
  return (await pptx.write({ outputType: 'uint8array', compression: true })) as Uint8Array;
}

/** A small solid-colour PNG (a picture for documents and slides), encoded here with zlib. */
export function tinyPng(size = 16, rgb: [number, number, number] = [46, 125, 50]): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set(rgb, y * (1 + size * 3) + 1 + x * 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}
