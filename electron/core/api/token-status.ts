// Small helpers shared by both token holders: turning a token answer into expiry times, and
// building the TokenStatus that is safe to show (it never contains the token).
import type { ServiceToken } from '../../../shared/schemas/service';
import type { TokenState, TokenStatus } from '../../../shared/domain';

/** Both flows' tokens live 24 hours (spec part 8); used when the answer does not say. */
export const DEFAULT_LIFETIME_SECONDS = 86_400;

export interface HeldToken {
  value: string;
  issuedAt: number;
  expiresAt: number;
}

/**
 * Expiry on OUR clock. A relative lifetime is preferred over the service's absolute `expires`,
 * because the two machines' clocks may disagree and the refresh timer runs on ours.
 */
export function holdToken(token: ServiceToken, now: number): HeldToken {
  const lifetime =
    token.lifetimeSeconds ??
    (token.expiresAtSeconds !== null ? token.expiresAtSeconds - Math.floor(now / 1000) : null) ??
    DEFAULT_LIFETIME_SECONDS;
  return {
    value: token.accessToken,
    issuedAt: now,
    expiresAt: now + Math.max(0, lifetime) * 1000,
  };
}

export function tokenStatus(
  state: TokenState,
  held: Pick<HeldToken, 'issuedAt' | 'expiresAt'> | null = null,
  message: string | null = null,
): TokenStatus {
  return { state, issuedAt: held?.issuedAt ?? null, expiresAt: held?.expiresAt ?? null, message };
}

export function sameStatus(a: TokenStatus, b: TokenStatus): boolean {
  return a.state === b.state && a.expiresAt === b.expiresAt && a.issuedAt === b.issuedAt && a.message === b.message;
}
