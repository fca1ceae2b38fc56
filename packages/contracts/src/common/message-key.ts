import type { CoreMessageKey } from './messages.js';
import type { StaffMessageKey } from './staff-messages.js';

/** Every message key: the core catalogue's and the staff screens'. Apart, so that neither catalogue imports the other. */
export type MessageKey = CoreMessageKey | StaffMessageKey;
