import type { MessageKey } from '@app/contracts';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/error-message';

/**
 * What a refused centre call shows: the server's own message (already in the screen's language),
 * also for its 503 "central server unreachable", which says what to do instead; a network failure
 * or an unknown failure as the catalogue describes it.
 */
export function centreErrorText(error: unknown, translateMessage: (key: MessageKey) => string): string {
  if (error instanceof ApiError && !error.isNetwork && error.code.startsWith('CENTRE_') && error.message) return error.message;
  const described = describeError(error);
  return 'key' in described ? translateMessage(described.key) : described.text;
}
