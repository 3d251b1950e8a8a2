import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

/** Short-lived HS256 access tokens; the session id inside lets logout refuse them at once. */
export class AccessTokens {
  // Imported once: jose would import raw bytes again on every verification.
  private key: KeyObject;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = createSecretKey(secret);
  }

  sign(userId: number, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
    } catch {
      return null;
    }
  }
}
