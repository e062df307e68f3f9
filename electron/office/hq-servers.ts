// Head office's own servers, when this computer runs them (`npm run office` does unless told the
// servers run elsewhere): one watched nats-server per node of office.json, and the GROUP stream
// made or updated (as admin) to source every venue's stream across the leaf connections, from the
// venue's JetStream domain, each filtered to that venue's own subjects.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type StreamConfig } from '@nats-io/jetstream';
import { GROUP_STREAM, venueDomain, venueStreamName } from '../../shared/group';
import { NatsProcess } from '../core/group/nats-process';
import { officePaths, type OfficeConfig } from './office-config';

const KEEP_DAYS = 90;
const NS_PER_MS = 1_000_000;

export function startHqServers(dir: string, config: OfficeConfig, log: (line: string) => void): NatsProcess[] {
  return config.nodes.map(
    (node) =>
      new NatsProcess({
        configFile: officePaths(dir).nodeConfig(node.name),
        port: node.clientPort,
        log,
        name: `head office ${node.name}`,
      }),
  );
}

/** Starts them together (a cluster waits for its routes) and notes their pids for a reload. */
export async function runHqServers(dir: string, servers: NatsProcess[], config: OfficeConfig): Promise<void> {
  await Promise.all(servers.map((s) => s.start()));
  const pids = Object.fromEntries(config.nodes.map((n, i) => [n.name, servers[i].pid]));
  writeFileSync(join(dir, 'servers.json'), JSON.stringify(pids), { mode: 0o600 });
}

export const clientUrls = (config: OfficeConfig): string[] => config.nodes.map((n) => `${config.bind}:${n.clientPort}`);

export function connectAs(config: OfficeConfig, who: 'admin' | 'office', name: string): Promise<NatsConnection> {
  return connect({
    servers: clientUrls(config),
    user: who,
    pass: who === 'admin' ? config.adminPassword : config.officePassword,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
}

export function groupStreamConfig(config: OfficeConfig): Partial<StreamConfig> & { name: string } {
  return {
    name: GROUP_STREAM,
    // No subjects of its own: everything comes from the venues' streams, once each.
    subjects: [],
    num_replicas: Math.min(3, config.nodes.length),
    max_age: KEEP_DAYS * 24 * 3_600_000 * NS_PER_MS,
    duplicate_window: 10 * 60_000 * NS_PER_MS,
    sources: config.venues.map((v) => ({
      name: venueStreamName(v.venueId),
      filter_subject: `venue.${v.venueId}.>`,
      external: { api: `$JS.${venueDomain(v.venueId)}.API`, deliver: '' },
    })),
  };
}

/** How long a just-started cluster may take to elect its JetStream leader. */
const READY_MS = 60_000;

/** Makes the GROUP stream, or updates its sources to every venue in office.json. */
export async function ensureGroupStream(config: OfficeConfig): Promise<void> {
  const nc = await connectAs(config, 'admin', 'office admin');
  const until = Date.now() + READY_MS;
  try {
    for (;;) {
      try {
        const jsm = await jetstreamManager(nc, { timeout: 1_500 });
        const wanted = groupStreamConfig(config);
        const existing = await jsm.streams.info(GROUP_STREAM).catch(() => null);
        if (existing) await jsm.streams.update(GROUP_STREAM, { ...existing.config, sources: wanted.sources });
        else await jsm.streams.add(wanted);
        return;
      } catch (error) {
        // A cluster that just started answers "temporarily unavailable" until it has a leader.
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await nc.close();
  }
}
