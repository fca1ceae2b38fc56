import { z } from 'zod';

/**
 * What the sign-in page says of the installation before anyone signs in (decision 041): whether
 * demo accounts, whose password is published, can sign in here.
 */
export const SignInNoticeSchema = z.object({
  demoAccounts: z.boolean(),
});
export type SignInNotice = z.infer<typeof SignInNoticeSchema>;
