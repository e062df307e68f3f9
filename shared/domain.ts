// Domain types shared by the core, the shells and the renderer.
// Nothing here may hold a secret: every value of these types can reach the renderer.
import type { ErrorPayload } from './app-error';
import type { DataHealthView } from './data-health';
import type { LaborView } from './labor';
import type { TabsSnapshot } from './tabs';

/** Which service the app talks to. The embedded sandbox is the default. */
export type ConnectionMode = 'sandbox' | 'remote';

/** Connection settings as the renderer sees them: the secret is never included, only whether one is stored. */
export interface ConnectionSettings {
  mode: ConnectionMode;
  /** Service root ({base_url} in the spec). For the sandbox, filled in once it is running. */
  baseUrl: string;
  accessId: string;
  hasSecret: boolean;
  /** Header-name prefix: 'Service' in the spec, the real service's own name in production. */
  headerPrefix: string;
  /** Fixed port for the sign-in redirect listener; 0 picks a random port per flow. */
  redirectPort: number;
  /** The redirect URL to register on the service's dashboard; null while the port is 0 (it changes per sign-in). */
  redirectUrl: string | null;
}

/** What the renderer may send to change the connection. accessSecret is write-only. */
export interface ConnectionInput {
  mode: ConnectionMode;
  baseUrl?: string;
  accessId?: string;
  accessSecret?: string;
  headerPrefix?: string;
  redirectPort?: number;
}

/**
 * What Settings → Test connection found. Accepted: which service took which credentials (`baseUrl`
 * null: the practice venue is not running yet, and its demo credentials need no test). Not
 * accepted: the failure with its kind and data (`not-signed-in`: the access id or secret was
 * refused; `forbidden`, `unreachable`, `timed-out`, `rate-limited`, `cannot-read`, `invalid` for a
 * field of the form, …), worded by the screen.
 */
export type ConnectionTest =
  | { ok: true; service: 'practice-venue' | 'remote'; baseUrl: string | null; credentials: 'saved' | 'typed' }
  | { ok: false; service: 'practice-venue' | 'remote'; baseUrl: string | null; problem: ErrorPayload };

export type TokenState = 'none' | 'fetching' | 'valid' | 'expired' | 'revoked' | 'error';

/** Status of one bearer token (never the token itself). */
export interface TokenStatus {
  state: TokenState;
  /** Unix ms when the token expires, when known. */
  expiresAt: number | null;
  /** Unix ms when it was issued, when known. */
  issuedAt: number | null;
  /** A human sentence when state is 'error' or 'revoked'. */
  message: string | null;
}

export interface UserSession {
  /** The signed-in user, as far as the service tells us (may be unknown). */
  label: string | null;
  token: TokenStatus;
  /** True when the refresh token was rejected: the user must sign in again. */
  needsSignIn: boolean;
}

export interface ConnectionStatus {
  settings: ConnectionSettings;
  /** 'ok' once a call succeeded, 'error' with message when the last one failed. */
  reachability: 'unknown' | 'ok' | 'error';
  message: string | null;
  /** The failure behind `message` with its kind, when it came from an exchange with the service. */
  problem?: ErrorPayload | null;
  integrationToken: TokenStatus;
  user: UserSession | null;
  /** The sign-in flow in progress, if any. */
  signIn: SignInStatus;
}

export type SignInStatus =
  | { state: 'idle' }
  | { state: 'waiting'; authorizeUrl: string; startedAt: number }
  | { state: 'failed'; message: string; problem?: ErrorPayload | null };

/** A location (venue) as listed by GET /api/loc, normalised from whatever shape the service sent. */
export interface Location {
  uuid: string;
  id: string | null;
  name: string;
  /** Feature flags the service reported, when it reports them. */
  flags: Record<string, boolean>;
  /** null when the service does not show it (and this app has not subscribed it itself). */
  subscribed: boolean | null;
  /** The location's IANA zone when the list gives one (the spec does not show it); null or absent when not. */
  timezone?: string | null;
}

export type LocationsView = {
  as: 'integration' | 'user';
  locations: Location[];
  loadedAt: number | null;
  /** Why the last read failed, with its kind (screens word it by kind), or null. */
  error: ErrorPayload | null;
  /**
   * false when the list reader knows rows may be missing (a next page it could not read, paging
   * stopped), with `incompleteHow` saying why; absent or true: read to its end.
   */
  complete?: boolean;
  incompleteHow?: string | null;
};

/** Everything the renderer needs to draw its first frame. Later features add their own parts. */
export interface AppSnapshot {
  connection: ConnectionStatus;
  locations: LocationsView;
  /** Where the core keeps its files, for the Settings screen. */
  dataDir: string;
  /** How secrets are kept, said plainly ('encrypted by the OS keychain', 'memory only ...'). */
  secretStorage: string;
  runtime: 'electron' | 'headless';
  /** The labor kiosk: board, outbox counts, roster cards, settings (absent before the labor feature starts). */
  labor?: LaborView;
  /** Passes, gift cards, the tabs board and notices (absent before the tabs feature starts). */
  tabs?: TabsSnapshot;
  /** Files of the data folder that could not be read and where they were kept (shown to managers). */
  dataHealth?: DataHealthView;
}

/** One point of "Check this service": what the service showed and what the app will assume. */
export interface ServiceCheckLine {
  point: string;
  /** What the probe saw: the request and the field. */
  saw: string;
  /** What the app will do about it. */
  assume: string;
  /**
   * The reading of this open point the check found, in a few fixed words (e.g. 'utc', 'local',
   * 'link-header', 'numeric-breaks-only'), or 'cannot tell' when the answers do not show it.
   */
  found?: string;
  /** False when the probe failed (the rest of the report may be incomplete). */
  ok: boolean;
  /** The one setting a manager should confirm for this point, applied with one click in Settings. */
  confirm?: ServiceCheckConfirm;
}

/** A setting the check proposes: one money family's unit (applied through tabsSetMoneyUnit). */
export interface ServiceCheckConfirm {
  label: string;
  setting: { kind: 'money-unit'; family: 'sent' | 'answers' | 'numbers'; unit: 'cents' | 'dollars' };
}

export interface ServiceCheckReport {
  service: string;
  checkedAt: number;
  lines: ServiceCheckLine[];
  /** What to register on the service's dashboard. */
  register: { redirectUrl: string; webhookUrl: string; headerPrefix: string };
}
