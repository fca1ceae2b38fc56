import { OFFICE_STAMP_PROPERTY } from '@app/contracts';
import { strFromU8, strToU8, zipSync } from 'fflate';
import { parseXml, arr, type OfficePackage } from './office.package.js';

/**
 * The stamp of a working copy: a custom document property (docProps/custom.xml) holding the
 * attempt and question it was made for. Office apps keep custom properties when they save, so an
 * upload of another attempt's or question's file is recognised. A file without a stamp (made from
 * scratch) is accepted and stamped.
 */

export interface Stamp {
  attemptId: string;
  questionId: number;
}

const CUSTOM_PART = 'docProps/custom.xml';
const CUSTOM_TYPE = 'application/vnd.openxmlformats-officedocument.custom-properties+xml';
const CUSTOM_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties';
const FMTID = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}';

export function stampValue(stamp: Stamp): string {
  return `attempt=${stamp.attemptId};question=${stamp.questionId}`;
}

export function readStamp(pkg: OfficePackage): Stamp | null {
  const text = pkg.text(CUSTOM_PART);
  if (!text) return null;
  const doc = parseXml(text, { arrays: ['property'] });
  for (const p of arr(doc?.Properties?.property)) {
    if (p['@name'] !== OFFICE_STAMP_PROPERTY) continue;
    const value = String(p['vt:lpwstr'] ?? p['vt:lpstr'] ?? '');
    const m = /^attempt=([^;]+);question=(\d+)$/.exec(value.trim());
    if (m) return { attemptId: m[1]!, questionId: Number(m[2]) };
  }
  return null;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The package's bytes with the stamp set (any earlier stamp replaced; other properties kept). */
export function applyStamp(pkg: OfficePackage, stamp: Stamp): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const name of pkg.names()) files[name] = pkg.bytes(name)!;
  const property = (pid: number) =>
    `<property fmtid="${FMTID}" pid="${pid}" name="${OFFICE_STAMP_PROPERTY}"><vt:lpwstr>${escapeXml(stampValue(stamp))}</vt:lpwstr></property>`;
  const existing = pkg.text(CUSTOM_PART);
  if (existing && existing.includes('</Properties>')) {
    const withoutOurs = existing.replace(new RegExp(`<property[^>]*name="${OFFICE_STAMP_PROPERTY}"[^>]*>[\\s\\S]*?</property>`, 'g'), '');
    const pids = [...withoutOurs.matchAll(/pid="(\d+)"/g)].map((m) => Number(m[1]));
    const pid = Math.max(1, ...pids) + 1;
    files[CUSTOM_PART] = strToU8(withoutOurs.replace('</Properties>', `${property(pid)}</Properties>`));
  } else {
    files[CUSTOM_PART] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">${property(2)}</Properties>`,
    );
  }
  let types = strFromU8(files['[Content_Types].xml']!);
  if (!/PartName="\/docProps\/custom\.xml"/.test(types)) types = types.replace('</Types>', `<Override PartName="/${CUSTOM_PART}" ContentType="${CUSTOM_TYPE}"/></Types>`);
  files['[Content_Types].xml'] = strToU8(types);
  const relsName = '_rels/.rels';
  let rels = files[relsName] ? strFromU8(files[relsName]!) : '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  if (!rels.includes(CUSTOM_REL)) rels = rels.replace('</Relationships>', `<Relationship Id="rIdNeetPrepStamp" Type="${CUSTOM_REL}" Target="${CUSTOM_PART}"/></Relationships>`);
  files[relsName] = strToU8(rels);
  return zipSync(files, { level: 6 });
}
