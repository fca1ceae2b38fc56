import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, type MessageKey } from '@app/contracts';

export type ImageCheck = { isValid: true } | { isValid: false; reason: MessageKey };

/**
 * The picker's first gate (spec 000 §5): JPEG or PNG, at most 5 MB. The server checks the bytes
 * again, so a renamed file is still refused there.
 */
export function checkImageFile(file: { type: string; size: number }): ImageCheck {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return { isValid: false, reason: 'imageTypeInvalid' };
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return { isValid: false, reason: 'imageTooLarge' };
  return { isValid: true };
}

/** Reads a picked file as an inline data URL; rejects when the browser cannot read it. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(file);
  });
}
