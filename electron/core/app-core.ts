// The app's core: plain Node, no Electron. It composes the services, implements the IPC contract
// and re-emits their changes as the contract's push events. The Electron shell and the headless
// host both run exactly this.
import type { IpcEventMap, IpcHandlers } from '../../shared/contract';
import type { AppSnapshot } from '../../shared/domain';
import type { RunningSandbox } from '../sandbox';
import type { FetchLike } from './api/http';
import { ConnectionService } from './connection/connection-service';
import { MemorySecretStore, type SecretStore } from './secrets/secret-store';
import { TypedEmitter } from './typed-emitter';

export interface CoreOptions {
  dataDir: string;
  runtime: 'electron' | 'headless';
  secrets?: SecretStore;
  fetch?: FetchLike;
  /** A service URL forced for this run (host --service-url); otherwise the saved setting. */
  serviceUrl?: string;
  accessId?: string;
  accessSecret?: string;
  sandboxPort?: number;
  webhook?: { port?: number; secret?: string };
  /** Opens a URL in the system browser; absent in the headless host (the page opens it). */
  openExternal?: (url: string) => Promise<boolean>;
  log?: (line: string) => void;
}

export interface AppCore {
  handlers: IpcHandlers;
  events: TypedEmitter<IpcEventMap>;
  connection: ConnectionService;
  sandbox(): RunningSandbox | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<AppCore> {
  const log = options.log ?? (() => {});
  const secrets = options.secrets ?? new MemorySecretStore();
  const events = new TypedEmitter<IpcEventMap>((error) => log(`A push-event listener failed: ${String(error)}`));
  const connection = new ConnectionService({
    dataDir: options.dataDir,
    secrets,
    fetch: options.fetch,
    serviceUrl: options.serviceUrl,
    accessId: options.accessId,
    accessSecret: options.accessSecret,
    sandboxPort: options.sandboxPort,
    openExternal: options.openExternal,
    log,
  });
  connection.events.on('connection', (status) => events.emit('connection', status));
  connection.events.on('locations', (view) => events.emit('locations', view));

  const snapshot = (): AppSnapshot => ({
    connection: connection.status(),
    locations: connection.locationsView(),
    dataDir: options.dataDir,
    secretStorage: secrets.description,
    runtime: options.runtime,
  });

  const handlers: IpcHandlers = {
    getSnapshot: async () => snapshot(),
    saveConnection: (input) => connection.save(input),
    testConnection: () => connection.test(),
    startUserSignIn: () => connection.startSignIn(),
    cancelUserSignIn: async () => connection.cancelSignIn(),
    signOut: () => connection.signOut(),
    listLocations: (as) => connection.listLocations(as),
    subscribeLocations: (uuids, as) => connection.subscribe(uuids, as),
  };

  return {
    handlers,
    events,
    connection,
    sandbox: () => connection.runningSandbox(),
    start: () => connection.start(),
    stop: () => connection.stop(),
  };
}
