import { strFromU8, unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { OFFICE_KIND_NAMES, OFFICE_UPLOAD_MAX_BYTES, type OfficeKind } from '@app/contracts';
import { zipEntryGuard, ZipLimitError, type ZipLimits } from '../../lib/zip-limits.js';
import { officeText } from './office.labels.js';

/**
 * An office file as a package (OOXML is a zip of XML parts), opened safely: the zip's declared
 * sizes and compression ratios are checked before anything is inflated (a zip bomb is refused,
 * and fflate inflates each part into a buffer of its declared size, so a part that lies about its
 * size cannot grow past it), and XML parts with a DTD are refused (no entity expansion at all).
 */

export type OfficeFileProblem = 'empty' | 'tooLarge' | 'encrypted' | 'notOoxml' | 'malformed' | 'wrongKind' | 'bomb';

export class OfficeFileError extends Error {
  constructor(
    readonly problem: OfficeFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'OfficeFileError';
  }
}

export interface PackageLimits extends ZipLimits {
  maxFileBytes: number;
}

export const PACKAGE_LIMITS: PackageLimits = {
  maxFileBytes: OFFICE_UPLOAD_MAX_BYTES,
  maxEntries: 3000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 160 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** The main part's content type per kind, as [Content_Types].xml names it (macro-enabled and template variants included). */
const MAIN_PART: Record<OfficeKind, RegExp> = {
  xlsx: /application\/vnd\.(openxmlformats-officedocument\.spreadsheetml\.(sheet|template)|ms-excel\.(sheet|template)\.macroEnabled)\.main\+xml/,
  docx: /application\/vnd\.(openxmlformats-officedocument\.wordprocessingml\.(document|template)|ms-word\.(document|template)\.macroEnabledTemplate|ms-word\.document\.macroEnabled)\.main\+xml/,
  pptx: /application\/vnd\.(openxmlformats-officedocument\.presentationml\.(presentation|slideshow|template)|ms-powerpoint\.(presentation|slideshow|template)\.macroEnabled)\.main\+xml/,
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

export class OfficePackage {
  constructor(
    readonly kind: OfficeKind,
    private readonly parts: Map<string, Uint8Array>,
  ) {}

  has(name: string): boolean {
    return this.parts.has(normalise(name));
  }

  bytes(name: string): Uint8Array | null {
    return this.parts.get(normalise(name)) ?? null;
  }

  text(name: string): string | null {
    const bytes = this.bytes(name);
    return bytes ? strFromU8(bytes) : null;
  }

  names(): string[] {
    return [...this.parts.keys()];
  }

  /** A part parsed as XML (null when absent). */
  xml(name: string, options?: XmlOptions): XmlNode | null {
    const text = this.text(name);
    return text === null ? null : parseXml(text, options);
  }

  /** The targets of a part's relationships, by id, resolved against the part's folder. */
  rels(partName: string): Map<string, { target: string; type: string; external: boolean }> {
    const name = normalise(partName);
    const slash = name.lastIndexOf('/');
    const folder = slash >= 0 ? name.slice(0, slash) : '';
    const file = slash >= 0 ? name.slice(slash + 1) : name;
    const relsName = `${folder ? `${folder}/` : ''}_rels/${file}.rels`;
    const out = new Map<string, { target: string; type: string; external: boolean }>();
    const doc = this.xml(relsName);
    for (const rel of arr(doc?.Relationships?.Relationship)) {
      const external = rel['@TargetMode'] === 'External';
      const target = String(rel['@Target'] ?? '');
      out.set(String(rel['@Id']), { target: external ? target : resolvePath(folder, target), type: String(rel['@Type'] ?? ''), external });
    }
    return out;
  }
}

export function normalise(name: string): string {
  return name.replace(/^\/+/, '');
}

/** A relationship target against its source's folder ("../charts/chart1.xml" from "xl/drawings"). */
export function resolvePath(folder: string, target: string): string {
  if (target.startsWith('/')) return normalise(target);
  const parts = folder ? folder.split('/') : [];
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** What kind of office file the bytes are, from [Content_Types].xml; null when none of the three. */
export function detectOfficeKind(pkg: Map<string, Uint8Array>): OfficeKind | null {
  const types = pkg.get('[Content_Types].xml');
  if (!types) return null;
  const text = strFromU8(types);
  for (const kind of ['xlsx', 'docx', 'pptx'] as const) if (MAIN_PART[kind].test(text)) return kind;
  return null;
}

/**
 * Opens an office file of the expected kind, or throws an OfficeFileError saying what is wrong
 * with it. Nothing is inflated before the declared sizes pass the limits.
 */
export function openPackage(bytes: Uint8Array, expected: OfficeKind, limits: PackageLimits = PACKAGE_LIMITS): OfficePackage {
  const parts = unpack(bytes, limits);
  const kind = detectOfficeKind(parts);
  if (kind !== expected) {
    throw new OfficeFileError(
      kind ? 'wrongKind' : 'notOoxml',
      kind ? officeText('notKindButIs', { a: OFFICE_KIND_NAMES[expected], b: OFFICE_KIND_NAMES[kind] }).en : officeText('notKind', { a: OFFICE_KIND_NAMES[expected] }).en,
    );
  }
  for (const [name, data] of parts) {
    if (!/\.(xml|rels|vml)$/i.test(name)) continue;
    // A DTD is never needed in OOXML; refusing it rules out entity expansion (the "billion laughs").
    const head = strFromU8(data.subarray(0, Math.min(data.length, 4096)));
    if (/<!DOCTYPE|<!ENTITY/i.test(head) || (data.length > 4096 && /<!DOCTYPE|<!ENTITY/i.test(strFromU8(data)))) {
      throw new OfficeFileError('malformed', officeText('partHasDtd', { a: name }).en);
    }
  }
  return new OfficePackage(kind, parts);
}

/** A refusal of the zip's declared sizes, in the office module's words. */
function officeZipError(error: ZipLimitError): OfficeFileError {
  switch (error.problem) {
    case 'tooManyEntries':
      return new OfficeFileError('bomb', officeText('fileTooManyParts').en);
    case 'entryTooLarge':
      return new OfficeFileError('bomb', officeText('partTooLarge', { a: error.entry }).en);
    case 'totalTooLarge':
      return new OfficeFileError('bomb', officeText('fileTooLargeUnpacked').en);
    case 'overCompressed':
      return new OfficeFileError('bomb', officeText('partOverCompressed', { a: error.entry }).en);
    case 'unknownCompression':
      return new OfficeFileError('malformed', officeText('partUnknownCompression', { a: error.entry }).en);
  }
}

/** The zip's parts, after the size and ratio checks (lib/zip-limits.ts). */
export function unpack(bytes: Uint8Array, limits: PackageLimits = PACKAGE_LIMITS): Map<string, Uint8Array> {
  if (bytes.length === 0) throw new OfficeFileError('empty', officeText('fileEmpty').en);
  if (bytes.length > limits.maxFileBytes) throw new OfficeFileError('tooLarge', officeText('fileTooLarge').en);
  if (startsWith(bytes, CFB_SIGNATURE)) {
    throw new OfficeFileError('encrypted', officeText('fileEncrypted').en);
  }
  if (!startsWith(bytes, ZIP_SIGNATURE)) throw new OfficeFileError('notOoxml', officeText('fileNotOffice').en);
  const guard = zipEntryGuard(limits);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter(file) {
        guard(file);
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof ZipLimitError) throw officeZipError(error);
    if (error instanceof OfficeFileError) throw error;
    throw new OfficeFileError('malformed', officeText('fileDamaged', { a: (error as Error).message }).en);
  }
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) out.set(normalise(name), data);
  return out;
}

// ---------- XML ----------

export type XmlNode = any;

export interface XmlOptions {
  /** Element names always read as arrays (repeated elements). */
  arrays?: readonly string[];
}

const parsers = new Map<string, XMLParser>();

/** Parses an XML part: attributes as '@name', text as '#text', no DTD processing, values left as strings. */
export function parseXml(text: string, options: XmlOptions = {}): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new OfficeFileError('malformed', officeText('fileHasDtd').en);
  const key = (options.arrays ?? []).join(',');
  let parser = parsers.get(key);
  if (!parser) {
    const arrays = new Set(options.arrays ?? []);
    parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      textNodeName: '#text',
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      processEntities: true,
      htmlEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      isArray: (name) => arrays.has(name),
    });
    parsers.set(key, parser);
  }
  try {
    return parser.parse(text);
  } catch (error) {
    throw new OfficeFileError('malformed', officeText('fileXmlBroken', { a: (error as Error).message }).en);
  }
}

/** A value as an array (fast-xml-parser gives one element as an object, several as an array). */
export function arr<T = XmlNode>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every text under a node with the given tag (w:t, a:t), in document order within each parent. */
export function textOf(node: XmlNode, tag: string): string {
  let out = '';
  const walk = (n: XmlNode): void => {
    if (n === null || n === undefined || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      for (const item of n) walk(item);
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key.startsWith('@')) continue;
      if (key === tag) {
        for (const t of arr(value)) out += typeof t === 'object' ? String((t as XmlNode)['#text'] ?? '') : String(t);
      } else walk(value);
    }
  };
  walk(node);
  return out;
}

/** Counts elements with a tag anywhere below a node. */
export function countTag(node: XmlNode, tag: string): number {
  let count = 0;
  const walk = (n: XmlNode): void => {
    if (n === null || n === undefined || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      for (const item of n) walk(item);
      return;
    }
    for (const [key, value] of Object.entries(n)) {
      if (key.startsWith('@')) continue;
      if (key === tag) count += arr(value).length;
      walk(value);
    }
  };
  walk(node);
  return count;
}

/** A w:val-style attribute of a child element, or null. */
export function valOf(node: XmlNode, child: string, attr = '@w:val'): string | null {
  const c = node?.[child];
  if (c === undefined || c === null) return null;
  const first = Array.isArray(c) ? c[0] : c;
  if (typeof first !== 'object') return '';
  const v = first[attr];
  return v === undefined ? '' : String(v);
}

/** Normalised text for comparisons: trimmed, single spaces, lower case, curly quotes made straight. */
export function norm(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
