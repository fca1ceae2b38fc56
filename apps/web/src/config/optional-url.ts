/**
 * An optional absolute http(s) address from the build's environment: unset or empty is `null`;
 * anything else that is not such an address fails the build (vite.config.ts) and the app's start.
 */
export function optionalHttpUrl(name: string, value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, got "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) address, got "${text}"`);
  return url.href;
}
