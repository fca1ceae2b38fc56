import { z } from 'zod';

/** One blank's value as a student enters it. */
export const BlankValueSchema = z.object({
  /** questionID-index */
  id: z.string().max(40),
  value: z.string().max(500),
});
export type BlankValue = z.infer<typeof BlankValueSchema>;

/** One blank's key as stored: the value, accepted alternatives and a numeric tolerance. */
export const BlankKeySchema = z.object({
  id: z.string(),
  value: z.string(),
  alternatives: z.array(z.string()).optional(),
  tolerance: z.number().optional(),
});
