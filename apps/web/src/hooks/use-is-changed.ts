import { useState } from 'react';

/**
 * Whether a form kept in plain state differs from what it opened with (react-hook-form's isDirty
 * for forms without it). Values are compared as JSON, so pass arrays rather than sets.
 */
export function useIsChanged(values: unknown): boolean {
  const [initial] = useState(() => JSON.stringify(values));
  return JSON.stringify(values) !== initial;
}
