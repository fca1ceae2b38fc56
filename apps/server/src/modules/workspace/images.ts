import { IMAGE_UPLOAD_MAX_BYTES, WORKSPACE_ERRORS } from '@app/contracts';
import { AppError } from '../../lib/errors.js';
import { detectFileType, IMAGE_UPLOAD_POLICY } from '../../lib/file-store/index.js';

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),([\s\S]*)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DECLARED_OK = new Set(['', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);

/**
 * Checks an inline image (spec 000 §5: JPEG or PNG, at most IMAGE_UPLOAD_MAX_BYTES) by its
 * bytes, not by what the data URL declares, and returns it re-labelled with the real type.
 * null or empty → no image. Too large → 413; anything but base64 JPEG/PNG bytes → 422.
 */
export async function checkImage(value: string | null | undefined): Promise<string | null> {
  if (!value) return null;
  const match = DATA_URL.exec(value);
  if (!match) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_INVALID, { fields: { image: 'imageInvalid' } });
  const declared = match[1]!.trim().toLowerCase();
  const params = match[2]!.toLowerCase().split(';').map((p) => p.trim());
  const data = match[3]!.replace(/\s+/g, '');
  if (!params.includes('base64') || !BASE64.test(data)) {
    throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_INVALID, { fields: { image: 'imageInvalid' } });
  }
  // The decoded size follows from the text length; refuse before decoding anything large.
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const size = Math.floor((data.length * 3) / 4) - padding;
  if (size > IMAGE_UPLOAD_MAX_BYTES) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_TOO_LARGE, { fields: { image: 'imageTooLarge' } });
  if (!DECLARED_OK.has(declared)) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_TYPE, { fields: { image: 'imageTypeInvalid' } });
  const bytes = Buffer.from(data, 'base64');
  // The one sniffer of the file store, with the image policy's kinds.
  const actual = await detectFileType(bytes);
  if (!actual || !IMAGE_UPLOAD_POLICY.kinds.includes(actual.kind)) {
    throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_TYPE, { fields: { image: 'imageTypeInvalid' } });
  }
  return `data:${actual.mime};base64,${bytes.toString('base64')}`;
}
