// Authorization codes: minted by the consent page (or the control API), redeemed once at
// POST /api/oauth/token. Lifetime is not in the spec; 10 minutes of sandbox clock is the usual
// OAuth value and is documented in docs/service-assumptions.md.
import type { AuthCodeRecord } from './model';
import { randomToken } from './tokens';
import type { SandboxWorld } from './world';

export const AUTH_CODE_TTL_MS = 10 * 60 * 1000;

export function issueAuthCode(
  world: SandboxWorld,
  accessId: string,
  userId: string,
  redirectUrl: string,
): AuthCodeRecord {
  const now = world.clock.nowMs();
  const record: AuthCodeRecord = {
    code: randomToken('sbxcode'),
    accessId,
    userId,
    redirectUrl,
    issuedAtMs: now,
    expiresAtMs: now + AUTH_CODE_TTL_MS,
    used: false,
  };
  world.codes.set(record.code, record);
  return record;
}

export type RedeemResult = { ok: true; record: AuthCodeRecord } | { ok: false; message: string };

/** Marks the code used. Every failure is the same OAuth 'invalid_grant'; the message says which. */
export function redeemAuthCode(world: SandboxWorld, code: string, accessId: string): RedeemResult {
  const record = world.codes.get(code);
  if (!record) return { ok: false, message: 'The authorization code is not known.' };
  if (record.accessId !== accessId)
    return { ok: false, message: 'The authorization code was issued to another integration.' };
  if (record.used) return { ok: false, message: 'The authorization code has already been used.' };
  if (world.clock.nowMs() >= record.expiresAtMs) return { ok: false, message: 'The authorization code has expired.' };
  record.used = true;
  return { ok: true, record };
}
