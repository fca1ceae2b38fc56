import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { carryCustomProperties } from './carry-stamp';

const CUSTOM = '<?xml version="1.0"?><Properties><property name="NeetPrepOfficeStamp"><vt:lpwstr>attempt-1:42</vt:lpwstr></property></Properties>';

async function workbook(parts: Record<string, string>): Promise<Blob> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(parts)) zip.file(name, text);
  return zip.generateAsync({ type: 'blob' });
}

const BASE = {
  '[Content_Types].xml': '<Types><Default Extension="xml" ContentType="application/xml"/></Types>',
  '_rels/.rels': '<Relationships><Relationship Id="rId1" Type="officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId3" Type="core" Target="docProps/core.xml"/></Relationships>',
  'xl/workbook.xml': '<workbook/>',
};

async function partsOf(blob: Blob) {
  const zip = await JSZip.loadAsync(blob);
  const read = (name: string) => zip.file(name)?.async('string') ?? Promise.resolve(null);
  return { custom: await read('docProps/custom.xml'), types: await read('[Content_Types].xml'), rels: await read('_rels/.rels'), book: await read('xl/workbook.xml') };
}

describe('carryCustomProperties', () => {
  it('copies the stamp part, its content type and a new relationship into the saved workbook', async () => {
    const source = await workbook({ ...BASE, 'docProps/custom.xml': CUSTOM });
    const saved = await workbook({ ...BASE, 'xl/workbook.xml': '<workbook edited="1"/>' });
    const parts = await partsOf(await carryCustomProperties(source, saved));
    expect(parts.custom).toBe(CUSTOM);
    expect(parts.types).toContain('<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>');
    expect(parts.rels).toContain('<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/>');
    // The edits are kept.
    expect(parts.book).toBe('<workbook edited="1"/>');
  });

  it('does not add the content type or relationship twice', async () => {
    const source = await workbook({ ...BASE, 'docProps/custom.xml': CUSTOM });
    const once = await carryCustomProperties(source, await workbook(BASE));
    const parts = await partsOf(await carryCustomProperties(source, once));
    expect(parts.types!.match(/custom\.xml/g)).toHaveLength(1);
    expect(parts.rels!.match(/custom-properties/g)).toHaveLength(1);
  });

  it('leaves the saved file alone when the opened one has no stamp', async () => {
    const saved = await workbook(BASE);
    expect(await carryCustomProperties(await workbook(BASE), saved)).toBe(saved);
  });
});
