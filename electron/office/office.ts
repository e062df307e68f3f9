// The back office process (`npm run office`): head office's servers when this computer runs them,
// the GROUP stream with every venue as a source, the read models filled by their consumers into
// Postgres (PGlite in the office folder, or the URL in office.json), and the office page.
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsProcess } from '../core/group/nats-process';
import { loadOfficeConfig, officePaths, type OfficeConfig } from './office-config';
import { connectAs, ensureGroupStream, runHqServers, startHqServers } from './hq-servers';
import { ModelRunner } from './model-runner';
import { readModels, type ReadModel } from './models';
import { openStore, type OfficeStore } from './office-store';
import { startOfficeServer } from './office-server';
import { writeNodeConfigs } from './group-setup';

export interface OfficeOptions {
  dir: string;
  /** Run head office's nats-servers here (default true). */
  servers?: boolean;
  /** The page's port (default office.json's; 0: a free one). */
  httpPort?: number;
  pageDir?: string;
  log?: (line: string) => void;
}

export interface RunningOffice {
  config: OfficeConfig;
  store: OfficeStore;
  runner: ModelRunner;
  models: ReadModel[];
  servers: NatsProcess[];
  url: string;
  nc: NatsConnection;
  stop(): Promise<void>;
}

export async function startOffice(options: OfficeOptions): Promise<RunningOffice> {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = loadOfficeConfig(options.dir);
  // The servers' configs are made again from office.json (one written before passwords were
  // hashed leaves no plaintext behind).
  if (options.servers !== false) writeNodeConfigs(options.dir, config);
  const servers = options.servers === false ? [] : startHqServers(options.dir, config, log);
  try {
    return await startOn(options, config, servers, log);
  } catch (error) {
    // A start that fails half way leaves no server running behind it.
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
}

async function startOn(
  options: OfficeOptions,
  config: OfficeConfig,
  servers: NatsProcess[],
  log: (line: string) => void,
): Promise<RunningOffice> {
  if (servers.length > 0) await runHqServers(options.dir, servers, config);
  await ensureGroupStream(config);
  const store = await openStore(
    config.databaseUrl ? { url: config.databaseUrl } : { dir: officePaths(options.dir).database },
  );
  const models = readModels();
  const runner = new ModelRunner(store, models, log);
  await runner.prepare();
  // The read models read with the office's read-only credential: the server refuses it any write.
  const nc = await connectAs(config, 'office', 'office read models');
  await runner.start(nc);
  const listeners: (() => void)[] = [];
  runner.onChanged(() => listeners.forEach((l) => l()));
  const http = await startOfficeServer(
    {
      db: store,
      stats: () => ({ applied: runner.stats.applied, lagMs: runner.stats.lastLagMs }),
      onChanged: (l) => listeners.push(l),
      pageDir: options.pageDir,
    },
    options.httpPort ?? config.httpPort,
  );
  log(`office: ${config.venues.length} venue(s); the office page is at ${http.url}`);
  return {
    config,
    store,
    runner,
    models,
    servers,
    url: http.url,
    nc,
    stop: async () => {
      await http.close();
      await runner.stop();
      await nc.close().catch(() => {});
      await store.close();
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}
