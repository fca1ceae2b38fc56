import type { MessageKey } from '@app/contracts';
import { ApiError } from './api-client';

/**
 * What a failed call shows (spec 000 §8): text containing 500 → "Unhandled Exception!", 503 →
 * "Server Timeout!", a network failure → the caller's fallback, otherwise the server's own
 * (already translated) message. Returns either a catalogue key or the server's text.
 */
export function describeError(
  error: unknown,
  networkFallback: MessageKey = 'oopsSomethingWrong',
): { key: MessageKey } | { text: string } {
  if (error instanceof ApiError) {
    if (error.isNetwork) return { key: networkFallback };
    if (error.status === 503 || error.message.includes('503')) return { key: 'serverTimeout' };
    if (error.status === 500 || error.message.includes('500')) return { key: 'unhandledException' };
    if (error.message) return { text: error.message };
  }
  return { key: networkFallback };
}
