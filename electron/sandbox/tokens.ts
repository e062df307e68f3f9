// Access and refresh tokens: issue, verify against the sandbox clock, revoke.
// Revoked and expired tokens stay in the store on purpose: the spec answers them with 401
// (get a new token), while a token the store never saw is "invalid" and gets 403.
import { randomBytes } from 'node:crypto';
import type { AccessTokenRecord, RefreshTokenRecord } from './model';

/** 24 hours, for both token flows (spec part 8). */
export const ACCESS_TOKEN_TTL_S = 86_400;

/** Opaque random strings; the prefix only helps a human reading logs tell them apart. */
export function randomToken(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

export type TokenCheck =
  { ok: true; record: AccessTokenRecord } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

export class TokenStore {
  readonly access = new Map<string, AccessTokenRecord>();
  readonly refresh = new Map<string, RefreshTokenRecord>();

  issueClientToken(accessId: string, nowMs: number): AccessTokenRecord {
    return this.store({ kind: 'client', accessId, userId: null, refreshToken: null }, nowMs);
  }

  /** A user token; pass refreshToken to reuse an existing one (refresh exchange keeps it). */
  issueUserToken(accessId: string, userId: string, nowMs: number, refreshToken?: string): AccessTokenRecord {
    let rt = refreshToken;
    if (!rt) {
      rt = randomToken('sbxrt');
      this.refresh.set(rt, { refreshToken: rt, accessId, userId, issuedAtMs: nowMs, revoked: false });
    }
    return this.store({ kind: 'user', accessId, userId, refreshToken: rt }, nowMs);
  }

  check(token: string, nowMs: number): TokenCheck {
    const record = this.access.get(token);
    if (!record) return { ok: false, reason: 'unknown' };
    // Revoked is reported before expired: it is the more useful reason for someone debugging.
    if (record.revoked) return { ok: false, reason: 'revoked' };
    if (nowMs >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    return { ok: true, record };
  }

  revokeAccessToken(token: string): number {
    const record = this.access.get(token);
    if (!record || record.revoked) return 0;
    record.revoked = true;
    return 1;
  }

  /**
   * Revoking a refresh token withdraws the whole grant: the access tokens minted from it stop
   * working too (the spec says a new authorization must then be run). Returns tokens newly revoked.
   */
  revokeRefreshToken(refreshToken: string): number {
    const record = this.refresh.get(refreshToken);
    if (!record) return 0;
    let n = 0;
    if (!record.revoked) {
      record.revoked = true;
      n += 1;
    }
    for (const at of this.access.values()) {
      if (at.refreshToken === refreshToken && !at.revoked) {
        at.revoked = true;
        n += 1;
      }
    }
    return n;
  }

  revokeAll(): number {
    let n = 0;
    for (const r of [...this.access.values(), ...this.refresh.values()]) {
      if (!r.revoked) {
        r.revoked = true;
        n += 1;
      }
    }
    return n;
  }

  private store(base: Pick<AccessTokenRecord, 'kind' | 'accessId' | 'userId' | 'refreshToken'>, nowMs: number) {
    const record: AccessTokenRecord = {
      ...base,
      token: randomToken('sbxat'),
      issuedAtMs: nowMs,
      expiresAtMs: nowMs + ACCESS_TOKEN_TTL_S * 1000,
      revoked: false,
    };
    this.access.set(record.token, record);
    return record;
  }
}
