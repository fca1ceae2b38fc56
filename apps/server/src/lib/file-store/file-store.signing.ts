import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedLinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * HMAC-SHA256 over the key and its expiry (Unix seconds). The key is derived from the app's
 * secret for this purpose only, so a file link can never stand in for another signed value.
 */
export function createUrlSigner(secret: string) {
  const linkKey = createHmac('sha256', secret).update('neetprep:file-store:signed-links:v1').digest();

  const signatureOf = (key: string, exp: number) =>
    createHmac('sha256', linkKey).update(`${key}\n${exp}`).digest('base64url');

  return {
    sign(key: string, exp: number): string {
      return signatureOf(key, exp);
    },
    /** The signature is checked before the expiry, so an expired answer proves a real link. */
    verify(key: string, exp: number, sig: string, now: Date): SignedLinkCheck {
      const expected = Buffer.from(signatureOf(key, exp));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return now.getTime() >= exp * 1000 ? 'expired' : 'ok';
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
