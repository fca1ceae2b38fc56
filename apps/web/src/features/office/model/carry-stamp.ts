import JSZip from 'jszip';

const CUSTOM_PART = 'docProps/custom.xml';
const CUSTOM_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.custom-properties+xml';
const CUSTOM_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties';

/**
 * The spreadsheet editor writes a new workbook on every save, without the document properties of
 * the file it opened. The working copy's stamp (its attempt and question, a custom document
 * property) lives in docProps/custom.xml: this copies that part from the opened file into the
 * saved one, with its content type and package relationship, so the server still recognises the
 * file as this question's copy. A source without the part leaves the saved file as it is.
 */
export async function carryCustomProperties(source: Blob, saved: Blob): Promise<Blob> {
  const sourceZip = await JSZip.loadAsync(source);
  const custom = sourceZip.file(CUSTOM_PART);
  if (!custom) return saved;
  const zip = await JSZip.loadAsync(saved);
  zip.file(CUSTOM_PART, await custom.async('string'));

  const typesFile = zip.file('[Content_Types].xml');
  if (typesFile) {
    const types = await typesFile.async('string');
    if (!types.includes(`PartName="/${CUSTOM_PART}"`)) {
      zip.file('[Content_Types].xml', types.replace('</Types>', `<Override PartName="/${CUSTOM_PART}" ContentType="${CUSTOM_CONTENT_TYPE}"/></Types>`));
    }
  }

  const relsFile = zip.file('_rels/.rels');
  if (relsFile) {
    const rels = await relsFile.async('string');
    if (!rels.includes(CUSTOM_RELATIONSHIP)) {
      const ids = [...rels.matchAll(/Id="rId(\d+)"/g)].map((match) => Number(match[1]));
      const id = `rId${Math.max(0, ...ids) + 1}`;
      zip.file('_rels/.rels', rels.replace('</Relationships>', `<Relationship Id="${id}" Type="${CUSTOM_RELATIONSHIP}" Target="${CUSTOM_PART}"/></Relationships>`));
    }
  }
  return zip.generateAsync({ type: 'blob', mimeType: saved.type || undefined, compression: 'DEFLATE' });
}
