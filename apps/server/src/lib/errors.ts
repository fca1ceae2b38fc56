import { COMMON_ERRORS, type ErrorDef, type LocalizedText } from '@app/contracts';

/** The one error class: a stable code, its HTTP status, and a catalogue message. */
export class AppError extends Error {
  readonly def: ErrorDef;
  readonly fields: Record<string, string> | undefined;
  /** A message that replaces the catalogue's: plain text, or text in each language. */
  readonly detail: string | LocalizedText | undefined;

  constructor(def: ErrorDef, options: { fields?: Record<string, string>; detail?: string | LocalizedText; cause?: unknown } = {}) {
    super(typeof options.detail === 'string' ? options.detail : (options.detail?.en ?? def.message.en), { cause: options.cause });
    this.name = 'AppError';
    this.def = def;
    this.fields = options.fields;
    this.detail = options.detail;
  }

  get code(): string {
    return this.def.code;
  }
  get statusCode(): number {
    return this.def.http;
  }
}

export const notFound = () => new AppError(COMMON_ERRORS.NOT_FOUND);
export const forbidden = () => new AppError(COMMON_ERRORS.AUTH_FORBIDDEN);
export const badRequest = (fields?: Record<string, string>, detail?: string) =>
  new AppError(COMMON_ERRORS.VALIDATION_FAILED, { fields, detail });
