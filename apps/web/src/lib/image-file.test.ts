import { IMAGE_UPLOAD_MAX_BYTES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkImageFile, readFileAsDataUrl } from './image-file';

describe('checkImageFile', () => {
  it('accepts JPEG and PNG up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1024 })).toEqual({ isValid: true });
    expect(checkImageFile({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES })).toEqual({ isValid: true });
  });

  it('refuses other types, whatever their size', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toEqual({ isValid: false, reason: 'imageTypeInvalid' });
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toEqual({ isValid: false, reason: 'imageTypeInvalid' });
    expect(checkImageFile({ type: '', size: 10 })).toEqual({ isValid: false, reason: 'imageTypeInvalid' });
  });

  it('refuses a file one byte over 5 MB (5242880 bytes)', () => {
    expect(IMAGE_UPLOAD_MAX_BYTES).toBe(5_242_880);
    expect(checkImageFile({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toEqual({
      isValid: false,
      reason: 'imageTooLarge',
    });
  });
});

describe('readFileAsDataUrl', () => {
  it('returns an inline data URL of the bytes', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await readFileAsDataUrl(png)).toBe('data:image/png;base64,iVBORw==');
  });
});
