import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { TokenPayloadSchema, type Role, type TokenPayload } from '@app/contracts';

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 tokens with an exp claim (seconds).
 *
 * A token whose signature checked out once is remembered (bounded, oldest dropped first): the
 * same string under the same key always verifies the same way, and a WebCrypto HMAC check costs
 * ~170 µs and a thread-pool hop on every authenticated request. Expiry is still checked on every
 * call against the caller's clock, so a remembered token stops working at its `exp`.
 */
export function createTokenSigner(secret: string, ttlSeconds: number, maxRemembered = 50_000) {
  // Imported once: given raw bytes, jose would import the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new Map<string, TokenPayload>();

  function remember(token: string, payload: TokenPayload): void {
    if (verified.size >= maxRemembered) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, payload);
  }

  return {
    ttlSeconds,
    async sign(input: { userId: number; sessionId: string; role: Role; now: Date }): Promise<string> {
      const iat = Math.floor(input.now.getTime() / 1000);
      return new SignJWT({ sid: input.sessionId, role: input.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(input.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    async verify(token: string, now: Date): Promise<TokenCheck> {
      const known = verified.get(token);
      if (known) {
        // Same rule as jose with clockTolerance 0: expired once now >= exp.
        if (Math.floor(now.getTime() / 1000) >= known.exp) {
          verified.delete(token);
          return { ok: false, reason: 'expired' };
        }
        return { ok: true, payload: known };
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          currentDate: now,
          clockTolerance: 0,
        });
        const parsed = TokenPayloadSchema.safeParse(payload);
        if (!parsed.success) return { ok: false, reason: 'invalid' };
        remember(token, parsed.data);
        return { ok: true, payload: parsed.data };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
