import { APP_VERSION } from '@app/contracts';

/** The browser's configuration, read in this one file. */
export const env = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
  appVersion: APP_VERSION,
  /** Accounts on this e-mail domain are exempt from the exam editors' paste restrictions. */
  staffEmailDomain: (import.meta.env.VITE_STAFF_EMAIL_DOMAIN as string | undefined) ?? 'neetprep.edu',
  makePaymentUrl: (import.meta.env.VITE_MAKE_PAYMENT_URL as string | undefined) ?? 'https://example.com/make-payment',
} as const;
