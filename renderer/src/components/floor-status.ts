// What the status bar tells floor staff, as kinds: whether the service answers, whether someone
// must sign in again, and whether live updates (the service's webhooks) arrive. The bar words each
// kind in the screen's language; the technical detail behind them (tokens and their expiry, the
// listener's address) is on the Settings screen.
import type { ErrorPayload } from '../../../shared/app-error';
import type { ConnectionStatus } from '../../../shared/domain';
import type { ListenerStatus } from '../../../shared/webhooks';

export type ServiceState =
  /** A real service chosen without its address. */
  | { kind: 'no-service' }
  /** The last exchange failed: its failure, with its kind when the core gave one. */
  | { kind: 'unreachable'; problem: ErrorPayload | string | null }
  /** The service refused the app's own credentials. */
  | { kind: 'refused' }
  /** The service withdrew the app's access. */
  | { kind: 'revoked' }
  /** The app is getting (or renewing) its access. */
  | { kind: 'signing-in' }
  /** Access granted, no call answered yet. */
  | { kind: 'waiting' }
  | { kind: 'connected' };

export type LiveState =
  | { kind: 'starting' }
  | { kind: 'off' }
  /** It could not start (its port taken, say): nothing arrives. */
  | { kind: 'failed' }
  | { kind: 'on'; lastAt: number | null; refused: number };

export interface FloorStatus {
  practice: boolean;
  service: ServiceState;
  /** The signed-in user's session ended: a manager signs in again in Settings. */
  signInAgain: boolean;
  /** null where this app receives no webhooks itself. */
  live: LiveState | null;
  tone: 'good' | 'bad' | '';
}

export function floorStatus(connection: ConnectionStatus, listener: ListenerStatus | null): FloorStatus {
  const service = serviceState(connection);
  const user = connection.user;
  return {
    practice: connection.settings.mode === 'sandbox',
    service,
    signInAgain: !!user && (user.needsSignIn || user.token.state === 'error' || user.token.state === 'revoked'),
    live: listener ? liveState(listener) : null,
    tone:
      service.kind === 'connected'
        ? 'good'
        : service.kind === 'unreachable' ||
            service.kind === 'refused' ||
            service.kind === 'revoked' ||
            service.kind === 'no-service'
          ? 'bad'
          : '',
  };
}

function serviceState(connection: ConnectionStatus): ServiceState {
  if (connection.settings.mode !== 'sandbox' && !connection.settings.baseUrl) return { kind: 'no-service' };
  if (connection.reachability === 'error')
    return { kind: 'unreachable', problem: connection.problem ?? connection.message };
  switch (connection.integrationToken.state) {
    case 'error':
      return { kind: 'refused' };
    case 'revoked':
      return { kind: 'revoked' };
    case 'none':
    case 'fetching':
    case 'expired':
      return { kind: 'signing-in' };
    case 'valid':
      return connection.reachability === 'ok' ? { kind: 'connected' } : { kind: 'waiting' };
  }
}

function liveState(listener: ListenerStatus): LiveState {
  switch (listener.state) {
    case 'starting':
      return { kind: 'starting' };
    case 'stopped':
      return { kind: 'off' };
    case 'error':
      return { kind: 'failed' };
    case 'listening':
      return { kind: 'on', lastAt: listener.lastEventAt, refused: listener.failures };
  }
}
