import type { TokenStatus } from '../../../../shared/domain';
import { formatVenueTime } from '../../../../shared/time';

/** A token's state; its expiry on the venue's clock, like every other time on screen. */
export function describeToken(token: TokenStatus, timezone: string | null): string {
  switch (token.state) {
    case 'none':
      return 'none yet';
    case 'fetching':
      return 'requesting…';
    case 'valid':
      return token.expiresAt ? `valid until ${formatVenueTime(token.expiresAt, timezone)}` : 'valid';
    case 'expired':
      return 'expired';
    case 'revoked':
      return 'revoked';
    case 'error':
      return token.message ?? 'error';
  }
}
