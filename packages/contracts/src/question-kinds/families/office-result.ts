import { z } from 'zod';

/** An office evaluation result (spec 001 §3), as stored with the answer. */
export const OfficeResultSchema = z.object({
  percentage: z.number().min(0).max(100),
  unmatched: z.array(z.string().max(500)).max(500),
  runID: z.union([z.string().max(100), z.number().int()]).nullable().optional(),
  path: z.string().max(1000).nullable().optional(),
});
