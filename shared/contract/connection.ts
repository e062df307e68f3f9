// The connection feature's part of the IPC contract: settings, sign-in, locations.
import type {
  AppSnapshot,
  ConnectionInput,
  ConnectionStatus,
  ConnectionTest,
  LocationsView,
  ServiceCheckReport,
} from '../domain';

export interface ConnectionRequests {
  /** Everything the renderer needs for its first frame. */
  getSnapshot: { args: []; result: AppSnapshot };
  /** Save connection settings (sandbox or a real service); the secret is write-only. */
  saveConnection: { args: [input: ConnectionInput]; result: ConnectionStatus };
  /** Ask for an integration token now: with the form's values (nothing saved) or, without, the saved ones; never throws for the answer. */
  testConnection: {
    args: [input?: ConnectionInput];
    result: ConnectionStatus & { test: ConnectionTest };
  };
  /** Read-only probes of the configured service: which reading it shows, what the app assumes, what to register. */
  checkService: { args: []; result: ServiceCheckReport };
  /** Start the practice venue over from the seed (embedded sandbox only). */
  resetPracticeVenue: { args: []; result: ConnectionStatus };
  /** Start "sign in as a user": opens the consent page; the result carries the URL to open if the shell could not. */
  startUserSignIn: { args: []; result: { authorizeUrl: string; openedExternally: boolean } };
  /** Abandon a sign-in in progress and close its redirect listener. */
  cancelUserSignIn: { args: []; result: ConnectionStatus };
  /** Forget the user's tokens. */
  signOut: { args: []; result: ConnectionStatus };
  /** List locations as the integration or as the signed-in user. */
  listLocations: { args: [as: 'integration' | 'user']; result: LocationsView };
  /** Subscribe locations to the integration (POST /loc/subscribe); all or none. */
  subscribeLocations: { args: [locationUuids: string[], as: 'integration' | 'user']; result: LocationsView };
}

export interface ConnectionEvents {
  /** Connection, token or sign-in status changed. */
  connection: ConnectionStatus;
  /** The locations list changed (loaded, subscribed, failed). */
  locations: LocationsView;
}

/** Runtime list of this part's requests (a Record, so the compiler insists every request is listed). */
export const connectionChannelKeys: Record<keyof ConnectionRequests, true> = {
  getSnapshot: true,
  saveConnection: true,
  testConnection: true,
  resetPracticeVenue: true,
  checkService: true,
  startUserSignIn: true,
  cancelUserSignIn: true,
  signOut: true,
  listLocations: true,
  subscribeLocations: true,
};

/** Runtime list of this part's events (a Record, so the compiler insists every event is listed). */
export const connectionEventKeys: Record<keyof ConnectionEvents, true> = { connection: true, locations: true };
