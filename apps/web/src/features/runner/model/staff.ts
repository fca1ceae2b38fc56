/** An account on the provider's own e-mail domain (configurable: VITE_STAFF_EMAIL_DOMAIN). */
export function isStaffEmail(email: string | null | undefined, staffDomain: string): boolean {
  const domain = staffDomain.trim().toLowerCase().replace(/^@/, '');
  if (!email || !domain) return false;
  return email.trim().toLowerCase().endsWith(`@${domain}`);
}
