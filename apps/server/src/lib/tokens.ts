import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { TokenPayloadSchema, type Role, type TokenPayload } from '@app/contracts';

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * HS256 tokens with an exp claim (seconds), signed and checked with fast-jwt on node:crypto's
 * HMAC: a few microseconds, on the calling thread. (WebCrypto, which jose uses, costs a
 * thread-pool hop and about 170 µs per check: a wave of 5,000 students pressing Start is 5,000
 * first checks.) Only HS256 is accepted, whatever a token's header says.
 *
 * A token whose signature checked out once is remembered (bounded, oldest dropped first): the
 * same string under the same key always verifies the same way. Expiry is checked on every call
 * against the caller's clock, so a token stops working at its `exp`, remembered or not.
 */
export function createTokenSigner(secret: string, ttlSeconds: number, maxRemembered = 50_000) {
  const signJwt = createSigner({ key: secret, algorithm: 'HS256' });
  // Expiry is checked below against the caller's clock, not the machine's.
  const verifyJwt = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
  const verified = new Map<string, TokenPayload>();

  function remember(token: string, payload: TokenPayload): void {
    if (verified.size >= maxRemembered) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, payload);
  }

  function signatureCheck(token: string): TokenPayload | undefined {
    try {
      const parsed = TokenPayloadSchema.safeParse(verifyJwt(token));
      return parsed.success ? parsed.data : undefined;
    } catch (error) {
      if (error instanceof TokenError) return undefined;
      throw error;
    }
  }

  return {
    ttlSeconds,
    async sign(input: { userId: number; sessionId: string; role: Role; now: Date }): Promise<string> {
      const iat = Math.floor(input.now.getTime() / 1000);
      return signJwt({ sid: input.sessionId, role: input.role, sub: String(input.userId), iat, exp: iat + ttlSeconds });
    },
    async verify(token: string, now: Date): Promise<TokenCheck> {
      let payload = verified.get(token);
      if (!payload) {
        payload = signatureCheck(token);
        if (!payload) return { ok: false, reason: 'invalid' };
        remember(token, payload);
      }
      // Expired once now >= exp (no tolerance).
      if (Math.floor(now.getTime() / 1000) >= payload.exp) {
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, payload };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
