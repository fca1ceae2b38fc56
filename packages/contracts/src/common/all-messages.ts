import type { Language } from './constants.js';
import type { MessageKey } from './message-key.js';
import { CORE_MESSAGES } from './messages.js';
import { STAFF_MESSAGES } from './staff-messages.js';

/** The whole catalogue (core and back office), for the server and for tests. */
export const MESSAGES: Record<MessageKey, Record<Language, string>> = { ...CORE_MESSAGES, ...STAFF_MESSAGES };

export function message(key: MessageKey, language: Language = 'en'): string {
  return MESSAGES[key][language] ?? MESSAGES[key].en;
}
