import { FILES_ERRORS, fillText, IMAGE_UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, VIDEO_UPLOAD_MAX_BYTES } from '@app/contracts';
import { AppError } from '../errors.js';
import { detectFileType, type DetectedFileType, type FileKind } from './file-store.sniffing.js';

/** What one upload may be: kinds by content, and a size cap in bytes. */
export interface UploadPolicy {
  kinds: readonly FileKind[];
  maxBytes: number;
}

/** Spec 000 §5: images jpeg/jpg/png up to 5 MB. */
export const IMAGE_UPLOAD_POLICY: UploadPolicy = { kinds: ['jpeg', 'png'], maxBytes: IMAGE_UPLOAD_MAX_BYTES };
/** Spec 000 §5: editor videos webm/ogg/mp4 up to 50 MB. */
export const VIDEO_UPLOAD_POLICY: UploadPolicy = { kinds: ['webm', 'ogg', 'mp4'], maxBytes: VIDEO_UPLOAD_MAX_BYTES };
/** A picture a student sends with a key challenge (a photo of working, a screenshot): the image size limit. */
export const CHALLENGE_IMAGE_POLICY: UploadPolicy = { kinds: ['png', 'jpeg', 'webp'], maxBytes: IMAGE_UPLOAD_MAX_BYTES };
/** A camera frame taken by the exam player: one JPEG image. */
export const CAMERA_FRAME_POLICY: UploadPolicy = { kinds: ['jpeg'], maxBytes: IMAGE_UPLOAD_MAX_BYTES };
/** Roster and question imports. */
export const SPREADSHEET_UPLOAD_POLICY: UploadPolicy = { kinds: ['csv', 'xlsx'], maxBytes: 20 * 1024 * 1024 };
export const DOCUMENT_UPLOAD_POLICY: UploadPolicy = { kinds: ['pdf', 'docx', 'xlsx', 'pptx'], maxBytes: 20 * 1024 * 1024 };

const KIND_NAMES: Record<FileKind, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  pdf: 'PDF',
  xlsx: 'Excel (.xlsx)',
  docx: 'Word (.docx)',
  pptx: 'PowerPoint (.pptx)',
  csv: 'CSV',
  webm: 'WebM',
  ogg: 'Ogg',
  mp4: 'MP4',
};

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/**
 * Checks an upload by its content against a policy: empty → 400, over the size → 413, any kind
 * not allowed (whatever its name says) → 400. Returns what it is, with the type to store it as.
 * The messages name the limit and the allowed kinds in English and Tamil.
 */
export async function acceptUpload(bytes: Uint8Array, policy: UploadPolicy): Promise<DetectedFileType> {
  if (bytes.byteLength === 0) throw new AppError(FILES_ERRORS.FILES_EMPTY);
  if (bytes.byteLength > policy.maxBytes) {
    const limit = megabytes(policy.maxBytes);
    throw new AppError(FILES_ERRORS.FILES_TOO_LARGE, { detail: fillText(UPLOAD_MESSAGES.tooLarge, { limit }) });
  }
  const detected = await detectFileType(bytes);
  if (!detected || !policy.kinds.includes(detected.kind)) {
    const allowed = policy.kinds.map((kind) => KIND_NAMES[kind]).join(', ');
    throw new AppError(FILES_ERRORS.FILES_TYPE_NOT_ALLOWED, { detail: fillText(UPLOAD_MESSAGES.typeNotAllowed, { allowed }) });
  }
  return detected;
}
