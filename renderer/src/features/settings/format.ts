import type { TokenStatus } from '../../../../shared/domain';

export function describeToken(token: TokenStatus): string {
  switch (token.state) {
    case 'none':
      return 'none yet';
    case 'fetching':
      return 'requesting…';
    case 'valid':
      return token.expiresAt ? `valid until ${formatTime(token.expiresAt)}` : 'valid';
    case 'expired':
      return 'expired';
    case 'revoked':
      return 'revoked';
    case 'error':
      return token.message ?? 'error';
  }
}

// Built once: toLocaleString builds a formatter at every call, and the status bar calls this at
// every counters push.
const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(ms: number): string {
  return medium.format(ms);
}
