import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Whether the form's current values pass `schema` and differ from empty: drives "submit disabled
 * until the form is valid and changed" (spec 000 §5). Derived from watched values so it follows
 * every keystroke, including values typed before the form's validity was first computed.
 */
export function useSchemaValid<T extends FieldValues>(control: Control<T>, schema: z.ZodType): boolean {
  const values = useWatch({ control }) as Record<string, unknown>;
  const isChanged = Object.values(values).some((value) => value !== '' && value !== undefined && value !== null);
  return isChanged && schema.safeParse(values).success;
}
