import { z } from 'zod';

/** Every response, success or error, travels in this envelope (spec: status, message, body). */
export function envelope<T extends z.ZodType>(body: T) {
  return z.object({ status: z.boolean(), message: z.string(), body });
}

export const ErrorBodySchema = z
  .object({
    code: z.string(),
    /** Field-level problems for bad input: path → message. */
    fields: z.record(z.string(), z.string()).optional(),
  })
  .nullable();

export const ErrorEnvelopeSchema = envelope(ErrorBodySchema);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export interface Envelope<T> {
  status: boolean;
  message: string;
  body: T;
}

export const EmptyBodySchema = z.null();
