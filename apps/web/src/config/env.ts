import { APP_VERSION } from '@app/contracts';
import { optionalHttpUrl } from './optional-url';

/** The browser's configuration, read in this one file. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  appVersion: APP_VERSION,
  /** Accounts on this e-mail domain are exempt from the exam editors' paste restrictions. */
  staffEmailDomain: (import.meta.env.VITE_STAFF_EMAIL_DOMAIN as string | undefined) ?? 'neetprep.edu',
  /** The login page's "Make payment" link; hidden when not configured. */
  makePaymentUrl: optionalHttpUrl('VITE_MAKE_PAYMENT_URL', import.meta.env.VITE_MAKE_PAYMENT_URL as string | undefined),
} as const;
