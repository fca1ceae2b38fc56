/** Reads a JWT's payload without verifying it: the server verifies; the client only needs exp. */
export function decodeTokenPayload(token: string): { exp?: number } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload = JSON.parse(json) as unknown;
    return payload && typeof payload === 'object' ? (payload as { exp?: number }) : null;
  } catch {
    return null;
  }
}

export type StoredTokenState = 'none' | 'valid' | 'expired';

/**
 * Spec 000 §4: no token → "none"; a token is invalid if it is empty or its expiry (seconds) is
 * earlier than now (seconds). An unreadable token counts as expired: it cannot be used either.
 */
export function checkToken(token: string | null | undefined, nowMs = Date.now()): StoredTokenState {
  if (token === null || token === undefined) return 'none';
  if (!token) return 'expired';
  const exp = decodeTokenPayload(token)?.exp;
  if (typeof exp !== 'number') return 'expired';
  return exp < Math.floor(nowMs / 1000) ? 'expired' : 'valid';
}
