import { crc32, inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { loadGreyImage, type GreyImage } from './omr.recognise.js';

/** An upload of scanned sheets: at most this many bytes and pages. */
export const OMR_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const OMR_UPLOAD_MAX_PAGES = 400;

export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'webp';

export type PagesErrorCode = 'OMR_UPLOAD_EMPTY' | 'OMR_UPLOAD_TOO_LARGE' | 'OMR_UPLOAD_NOT_SHEETS' | 'OMR_UPLOAD_TOO_MANY_PAGES' | 'OMR_UPLOAD_UNREADABLE';

export class PagesError extends Error {
  constructor(readonly code: PagesErrorCode) {
    super(code);
  }
}

/** What the bytes are, by their first bytes (never by the name or the declared type). */
export function sniffUpload(bytes: Uint8Array): UploadKind | null {
  const head = Buffer.from(bytes.subarray(0, 12));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 4).equals(Buffer.from([0x49, 0x49, 0x2a, 0x00])) || head.subarray(0, 4).equals(Buffer.from([0x4d, 0x4d, 0x00, 0x2a]))) return 'tiff';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** A checked upload: its kind and how many pages it has; each page is decoded only when it is read. */
export interface PageSource {
  kind: UploadKind;
  pageCount: number;
  page(index: number): Promise<GreyImage>;
}

/** The largest image drawn on a PDF page: a scanner's PDF holds one per page. */
function largestImage(page: PDFPage): PDFRawStream | null {
  const resources = page.node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return null;
  let best: PDFRawStream | null = null;
  let bestArea = 0;
  for (const [, ref] of xobjects.entries()) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    if (stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const w = stream.dict.lookupMaybe(PDFName.of('Width'), PDFNumber)?.asNumber() ?? 0;
    const h = stream.dict.lookupMaybe(PDFName.of('Height'), PDFNumber)?.asNumber() ?? 0;
    if (w * h > bestArea) {
      best = stream;
      bestArea = w * h;
    }
  }
  return best;
}

function filterOf(stream: PDFRawStream): string | null {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return filter.asString();
  if (filter instanceof PDFArray && filter.size() === 1) return (filter.lookup(0) as PDFName).asString();
  return filter === undefined ? '' : null;
}

/** How many colour channels an image's colour space has: grey 1, RGB 3 (device or ICC-based); 0 for anything else. */
function channelsOf(stream: PDFRawStream): 1 | 3 | 0 {
  const space = stream.dict.lookup(PDFName.of('ColorSpace'));
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (space instanceof PDFArray && space.size() === 2 && space.lookup(0) === PDFName.of('ICCBased')) {
    const profile = space.lookup(1);
    const n = profile instanceof PDFRawStream ? profile.dict.lookupMaybe(PDFName.of('N'), PDFNumber)?.asNumber() : undefined;
    return n === 1 ? 1 : n === 3 ? 3 : 0;
  }
  return 0;
}

/** A PNG file around zlib data whose rows carry PNG filter bytes: its IDAT is exactly a Flate stream with PNG predictors. */
function pngAround(zlibData: Uint8Array, width: number, height: number, channels: 1 | 3): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = channels === 1 ? 0 : 2; // grey or RGB
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', Buffer.from(zlibData)), chunk('IEND', Buffer.alloc(0))]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The page's scan as an encoded image sharp reads: JPEG as stored; 8-bit grey/RGB Flate images
 * (device or ICC-based colour) inflated, or, with PNG predictors (/DecodeParms /Predictor 10–15,
 * as browsers' "save as PDF" and pdf-lib write them), handed to sharp as the PNG they already are.
 */
async function imageBytes(stream: PDFRawStream): Promise<Buffer> {
  const filter = filterOf(stream);
  if (filter === '/DCTDecode') return Buffer.from(stream.contents);
  if (filter !== '/FlateDecode' && filter !== '') throw new PagesError('OMR_UPLOAD_UNREADABLE');
  const width = stream.dict.lookupMaybe(PDFName.of('Width'), PDFNumber)?.asNumber() ?? 0;
  const height = stream.dict.lookupMaybe(PDFName.of('Height'), PDFNumber)?.asNumber() ?? 0;
  const bits = stream.dict.lookupMaybe(PDFName.of('BitsPerComponent'), PDFNumber)?.asNumber() ?? 8;
  const channels = channelsOf(stream);
  if (bits !== 8 || channels === 0 || width < 1 || height < 1) throw new PagesError('OMR_UPLOAD_UNREADABLE');
  const parms = stream.dict.lookup(PDFName.of('DecodeParms'));
  const parm = (name: string, fallback: number) => (parms instanceof PDFDict ? (parms.lookupMaybe(PDFName.of(name), PDFNumber)?.asNumber() ?? fallback) : fallback);
  if (parms !== undefined && !(parms instanceof PDFDict)) throw new PagesError('OMR_UPLOAD_UNREADABLE');
  const predictor = parm('Predictor', 1);
  if (predictor >= 10 && filter === '/FlateDecode') {
    if (parm('Colors', 1) !== channels || parm('BitsPerComponent', 8) !== 8 || parm('Columns', 1) !== width) throw new PagesError('OMR_UPLOAD_UNREADABLE');
    try {
      return await sharp(pngAround(stream.contents, width, height, channels)).png({ compressionLevel: 0 }).toBuffer();
    } catch {
      throw new PagesError('OMR_UPLOAD_UNREADABLE');
    }
  }
  if (predictor !== 1) throw new PagesError('OMR_UPLOAD_UNREADABLE');
  let pixels: Buffer;
  try {
    pixels = filter === '' ? Buffer.from(stream.contents) : inflateSync(stream.contents);
  } catch {
    throw new PagesError('OMR_UPLOAD_UNREADABLE');
  }
  if (pixels.length < width * height * channels) throw new PagesError('OMR_UPLOAD_UNREADABLE');
  return sharp(pixels, { raw: { width, height, channels } }).png({ compressionLevel: 0 }).toBuffer();
}

/**
 * Checks an upload (type, size, page count) before anything is queued, and gives its pages one at
 * a time. PDFs are read as scanners write them, one image per page (decision 028).
 */
export async function openUpload(bytes: Uint8Array): Promise<PageSource> {
  if (bytes.length === 0) throw new PagesError('OMR_UPLOAD_EMPTY');
  if (bytes.length > OMR_UPLOAD_MAX_BYTES) throw new PagesError('OMR_UPLOAD_TOO_LARGE');
  const kind = sniffUpload(bytes);
  if (!kind) throw new PagesError('OMR_UPLOAD_NOT_SHEETS');
  if (kind === 'pdf') {
    let doc: PDFDocument;
    let pageCount: number;
    try {
      doc = await PDFDocument.load(bytes, { updateMetadata: false });
      pageCount = doc.getPageCount();
    } catch {
      throw new PagesError('OMR_UPLOAD_UNREADABLE');
    }
    if (pageCount === 0) throw new PagesError('OMR_UPLOAD_EMPTY');
    if (pageCount > OMR_UPLOAD_MAX_PAGES) throw new PagesError('OMR_UPLOAD_TOO_MANY_PAGES');
    return {
      kind,
      pageCount,
      async page(index) {
        const image = largestImage(doc.getPage(index));
        if (!image) throw new PagesError('OMR_UPLOAD_NOT_SHEETS');
        return loadGreyImage(await imageBytes(image));
      },
    };
  }
  let pageCount: number;
  try {
    pageCount = (await sharp(bytes, { pages: -1 }).metadata()).pages ?? 1;
  } catch {
    throw new PagesError('OMR_UPLOAD_UNREADABLE');
  }
  if (pageCount > OMR_UPLOAD_MAX_PAGES) throw new PagesError('OMR_UPLOAD_TOO_MANY_PAGES');
  return {
    kind,
    pageCount,
    async page(index) {
      if (pageCount === 1) return loadGreyImage(bytes);
      return loadGreyImage(await sharp(bytes, { page: index }).png({ compressionLevel: 0 }).toBuffer());
    },
  };
}
