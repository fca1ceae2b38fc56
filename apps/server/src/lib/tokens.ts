import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { TokenPayloadSchema, type Role, type TokenPayload } from '@app/contracts';

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 tokens with an exp claim (seconds). */
export function createTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(input: { userId: number; sessionId: string; role: Role; now: Date }): Promise<string> {
      const iat = Math.floor(input.now.getTime() / 1000);
      return new SignJWT({ sid: input.sessionId, role: input.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(input.userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token: string, now: Date): Promise<TokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
          clockTolerance: 0,
        });
        const parsed = TokenPayloadSchema.safeParse(payload);
        return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, reason: 'invalid' };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
