// The hub's link to its own leaf node: the config written (private to this user), the watched
// nats-server started, a client connected that reconnects by itself whenever the leaf node comes
// back, and the venue's stream made or brought up to date. venue-group.ts uses it; so does the
// bench, which runs many venues' leaf nodes without their cores.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { venueStreamName } from '../../../shared/group';
import type { GroupJoin } from './group-join';
import { leafConfig } from './leaf-config';
import { NatsProcess } from './nats-process';
import { hashPassword } from './password-hash';

/** The venue stream keeps this long, and drops a repeated message id within its window. */
const KEEP_DAYS = 90;
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const NS_PER_MS = 1_000_000;

export interface LeafLink {
  leaf: NatsProcess;
  nc: NatsConnection;
}

export async function startLeafLink(
  dir: string,
  j: GroupJoin,
  port: number,
  log: (line: string) => void,
): Promise<LeafLink> {
  mkdirSync(join(dir, 'leaf-store'), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, 'ca.pem'), j.ca, { mode: 0o600 });
  const user = 'hub';
  const password = randomBytes(18).toString('base64url');
  const configFile = join(dir, 'leaf.conf');
  const pidFile = join(dir, 'leaf.pid');
  // A hub killed (kill -9, a crash) leaves its leaf node running: stopped before a new one takes
  // the same store and the venue's credential.
  await stopLeftBehind(pidFile, configFile, log);
  const config = leafConfig({
    join: j,
    port,
    storeDir: join(dir, 'leaf-store'),
    caFile: join(dir, 'ca.pem'),
    localUser: user,
    localPasswordHash: await hashPassword(password),
    pidFile,
  });
  writeFileSync(configFile, config, { mode: 0o600 });
  const leaf = new NatsProcess({ configFile, port, log, name: `leaf node ${j.venueId}` });
  await leaf.start();
  const nc = await connect({
    servers: `127.0.0.1:${port}`,
    user,
    pass: password,
    name: `hub ${j.venueId}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
  });
  await ensureVenueStream(nc, j.venueId);
  return { leaf, nc };
}

/** The pid in `pidFile` if that process is a nats-server running `configFile` (a pid is reused). */
export function leftBehindPid(pidFile: string, configFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.includes(configFile) && cmdline.some((arg) => arg.endsWith('nats-server')) ? pid : null;
  } catch {
    return null; // Not running (or no /proc: nothing to recognise it by, so it is left alone).
  }
}

async function stopLeftBehind(pidFile: string, configFile: string, log: (line: string) => void): Promise<void> {
  const pid = leftBehindPid(pidFile, configFile);
  if (pid === null) return;
  log(`group: stopping the leaf node a previous run left running (pid ${pid})`);
  const alive = () => leftBehindPid(pidFile, configFile) === pid;
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + 10_000;
  while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive()) process.kill(pid, 'SIGKILL');
  while (alive()) await new Promise((r) => setTimeout(r, 50));
}

export async function ensureVenueStream(nc: NatsConnection, venueId: string): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const config = {
    name: venueStreamName(venueId),
    subjects: [`venue.${venueId}.>`],
    max_age: KEEP_DAYS * 24 * 3_600_000 * NS_PER_MS,
    duplicate_window: DUPLICATE_WINDOW_MS * NS_PER_MS,
  };
  try {
    await jsm.streams.info(config.name);
    await jsm.streams.update(config.name, config);
  } catch {
    await jsm.streams.add(config);
  }
}
