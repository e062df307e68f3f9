// The connection part of the contract, implemented on the ConnectionService: one line a request.
import type { HandlersOf } from '../../../shared/contract';
import type { ConnectionRequests } from '../../../shared/contract/connection';
import type { AppSnapshot, ServiceCheckReport } from '../../../shared/domain';
import type { ConnectionService } from './connection-service';

export interface ConnectionHandlerDeps {
  /** The whole app's snapshot (every feature's part), built by the composition. */
  snapshot: () => AppSnapshot;
  /** "Check this service" on the configured connection (it needs the listener's URL too). */
  checkService: () => Promise<ServiceCheckReport>;
}

export function connectionHandlers(
  connection: ConnectionService,
  deps: ConnectionHandlerDeps,
): HandlersOf<ConnectionRequests> {
  return {
    getSnapshot: async () => deps.snapshot(),
    saveConnection: (input) => connection.save(input),
    testConnection: (input) => connection.test(input),
    resetPracticeVenue: () => connection.resetPracticeVenue(),
    checkService: () => deps.checkService(),
    startUserSignIn: () => connection.startSignIn(),
    cancelUserSignIn: async () => connection.cancelSignIn(),
    signOut: () => connection.signOut(),
    listLocations: (as) => connection.listLocations(as),
    subscribeLocations: (uuids, as) => connection.subscribe(uuids, as),
  };
}
