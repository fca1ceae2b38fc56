import { unzipSync, type UnzipFileInfo } from 'fflate';

/**
 * A zip's declared sizes checked before anything is inflated (office uploads, spreadsheet
 * imports): too many entries, an entry or the whole unpacking too large, or an entry compressed
 * far more than real documents are (a zip bomb). fflate reads the central directory; an entry
 * the filter refuses is never inflated, and one it lets through inflates into a buffer of its
 * declared size, so a part that lies about its size cannot grow past it.
 */

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry bigger than ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export type ZipProblem = 'tooManyEntries' | 'entryTooLarge' | 'totalTooLarge' | 'overCompressed' | 'unknownCompression';

export class ZipLimitError extends Error {
  constructor(
    readonly problem: ZipProblem,
    /** The entry that broke the limit ('' for the whole zip). */
    readonly entry: string,
  ) {
    super(`zip ${problem}${entry ? ` (${entry})` : ''}`);
    this.name = 'ZipLimitError';
  }
}

/** The zip cannot be read at all (no central directory, truncated). */
export class ZipDamagedError extends Error {
  constructor(cause: unknown) {
    super((cause as Error)?.message ?? String(cause), { cause });
    this.name = 'ZipDamagedError';
  }
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= ZIP_SIGNATURE.length && ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** A filter for fflate's unzip that throws ZipLimitError at the first entry past a limit (keeps a running total). */
export function zipEntryGuard(limits: ZipLimits): (file: UnzipFileInfo) => void {
  let entries = 0;
  let total = 0;
  return (file) => {
    entries += 1;
    if (entries > limits.maxEntries) throw new ZipLimitError('tooManyEntries', '');
    if (file.originalSize > limits.maxEntryBytes) throw new ZipLimitError('entryTooLarge', file.name);
    total += file.originalSize;
    if (total > limits.maxTotalBytes) throw new ZipLimitError('totalTooLarge', '');
    if (file.originalSize > limits.ratioFloorBytes && file.originalSize / Math.max(file.size, 1) > limits.maxRatio) {
      throw new ZipLimitError('overCompressed', file.name);
    }
    if (file.compression !== 0 && file.compression !== 8) throw new ZipLimitError('unknownCompression', file.name);
  };
}

/**
 * The zip's entries as its central directory declares them, each checked against the limits;
 * nothing is inflated (cheap enough for the main thread). Throws ZipLimitError or ZipDamagedError.
 */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits): UnzipFileInfo[] {
  const guard = zipEntryGuard(limits);
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter(file) {
        guard(file);
        entries.push({ ...file });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new ZipDamagedError(error);
  }
  return entries;
}
