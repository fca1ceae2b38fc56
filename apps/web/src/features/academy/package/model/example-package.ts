import { COURSE_PACKAGE_EXAMPLE } from '@app/contracts';
import JSZip from 'jszip';

/** The example course package (shared with the server's tests, which import it) as a zip. */
export async function examplePackageZip(): Promise<Blob> {
  const zip = new JSZip();
  for (const [path, text] of Object.entries(COURSE_PACKAGE_EXAMPLE)) zip.file(path, text);
  return zip.generateAsync({ type: 'blob', mimeType: 'application/zip', compression: 'DEFLATE' });
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has been handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
