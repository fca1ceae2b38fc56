import { countBlanks } from '@app/contracts';
import type { BlankValues } from '../shared/form-values';

/** Blanks resized to the statement's {0} markers (the default language's), keeping those typed. */
export function blanksForStatement(statement: string, blanks: readonly BlankValues[]): BlankValues[] {
  const count = countBlanks(statement);
  return Array.from({ length: count }, (_, i) => blanks[i] ?? { value: '', alternatives: '', tolerance: '' });
}

