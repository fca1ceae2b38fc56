import { IMAGE_UPLOAD_MAX_BYTES, WORKSPACE_ERRORS } from '@app/contracts';
import { AppError } from '../../lib/errors.js';

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),([\s\S]*)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DECLARED_OK = new Set(['', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);

function sniff(bytes: Buffer): 'image/jpeg' | 'image/png' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return undefined;
}

/**
 * Checks an inline image (spec 000 §5: JPEG or PNG, at most IMAGE_UPLOAD_MAX_BYTES) by its
 * bytes, not by what the data URL declares, and returns it re-labelled with the real type.
 * null or empty → no image. Too large → 413; anything but base64 JPEG/PNG bytes → 422.
 */
export function checkImage(value: string | null | undefined): string | null {
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
  const actual = sniff(bytes);
  if (!actual) throw new AppError(WORKSPACE_ERRORS.WORKSPACE_IMAGE_TYPE, { fields: { image: 'imageTypeInvalid' } });
  return `data:${actual};base64,${bytes.toString('base64')}`;
}
