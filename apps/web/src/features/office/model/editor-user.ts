/**
 * The name the document editor shows for the student (spec 001 §6): derived from the sign-in
 * e-mail's local part (priya.r@school.in → priya.r); the account's user name when there is no
 * e-mail.
 */
export function editorUserName(email: string | null | undefined, fallback: string): string {
  const local = email?.split('@')[0]?.trim() ?? '';
  const name = local.replace(/[^\p{L}\p{N}._-]/gu, '');
  return name || fallback;
}
