import { unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';

/** The kinds of file the platform accepts anywhere, each recognised by its content. */
export const FILE_KINDS = ['jpeg', 'png', 'webp', 'pdf', 'xlsx', 'docx', 'pptx', 'csv', 'webm', 'ogg', 'mp4'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface DetectedFileType {
  kind: FileKind;
  /** The content type to store and serve the file with. */
  mime: string;
  ext: string;
}

const KIND_INFO: Record<FileKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', ext: 'pptx' },
  csv: { mime: 'text/csv; charset=utf-8', ext: 'csv' },
  webm: { mime: 'video/webm', ext: 'webm' },
  ogg: { mime: 'video/ogg', ext: 'ogv' },
  mp4: { mime: 'video/mp4', ext: 'mp4' },
};

/** file-type's extensions that are one of our kinds (an Ogg stream is named by its codec). */
const FROM_FILE_TYPE: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  pdf: 'pdf',
  webm: 'webm',
  ogv: 'ogg',
  ogg: 'ogg',
  oga: 'ogg',
  ogx: 'ogg',
  mp4: 'mp4',
  m4v: 'mp4',
};

/**
 * The main part's content type in [Content_Types].xml names the OOXML document: a zip with
 * word/… entries but no such declaration is not a document Word, Excel or PowerPoint would open.
 */
const OOXML_MAIN_PARTS: Array<[FileKind, RegExp]> = [
  ['xlsx', /ContentType="application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet\.main\+xml"/],
  ['docx', /ContentType="application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\.main\+xml"/],
  ['pptx', /ContentType="application\/vnd\.openxmlformats-officedocument\.presentationml\.presentation\.main\+xml"/],
];
const CONTENT_TYPES_PART = '[Content_Types].xml';
/** A real [Content_Types].xml is a few kilobytes; a larger one is refused before it is inflated. */
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const info = (kind: FileKind): DetectedFileType => ({ kind, ...KIND_INFO[kind] });

/**
 * What a file is, by its bytes alone (never its name): JPEG, PNG, WebP, PDF, WebM, Ogg and MP4 by
 * their signatures (file-type), xlsx/docx/pptx by the zip's [Content_Types].xml, CSV as UTF-8
 * text without NULs or other control characters. Null when it is none of these.
 */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFileType | null> {
  if (bytes.byteLength === 0) return null;
  if (startsWith(bytes, ZIP_MAGIC)) return detectOoxml(bytes);
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    const kind = FROM_FILE_TYPE[found.ext];
    return kind ? info(kind) : null;
  }
  return isCsvText(bytes) ? info('csv') : null;
}

function detectOoxml(bytes: Uint8Array): DetectedFileType | null {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, { filter: (file) => file.name === CONTENT_TYPES_PART && file.originalSize <= CONTENT_TYPES_MAX_BYTES });
  } catch {
    return null;
  }
  const contentTypes = parts[CONTENT_TYPES_PART];
  if (!contentTypes) return null;
  const xml = new TextDecoder('utf-8', { fatal: false }).decode(contentTypes);
  for (const [kind, pattern] of OOXML_MAIN_PARTS) {
    if (pattern.test(xml)) return info(kind);
  }
  return null;
}

/** UTF-8 (an optional BOM) with no NUL and no control characters other than tab, CR, LF. */
function isCsvText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.byteLength >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}
