// Options of the webhook receiver and their defaults, in one place.
import { join } from 'node:path';
import { HOUR_MS } from './event-log';
import type { LogIo } from './log-io';
import type { DamageSink } from '../storage/data-health';
import type { ConnectionLimits } from '../net/connection-cap';

export interface WebhookReceiverOptions {
  /** The app's data directory; the log lives in <dataDir>/webhook-log. */
  dataDir: string;
  /** Default 127.0.0.1: a tunnel (or the sandbox) forwards to it; nothing else should reach it. */
  host?: string;
  /** Default 0: any free port (status().url tells which). */
  port?: number;
  /** Default '/webhooks'. */
  path?: string;
  /** Signature secret; null or '' accepts deliveries unsigned. */
  secret?: string | null;
  /** Default 'Service': the signature header is X-Service-Signature. */
  headerPrefix?: string;
  /** Headers every delivery must carry with exactly these values (the dashboard's custom headers). */
  customHeaders?: Record<string, string>;
  /** Default 1 MiB; a larger body is answered 413. */
  maxBodyBytes?: number;
  /** Refused deliveries kept (as summaries) per clock hour; past it they are counted only. Default 100. */
  refusedPerHour?: number;
  /** Disk budget of the event log's segments in bytes (oldest dropped past it). Default 512 MiB; null: none. */
  maxLogBytes?: number | null;
  /** Bounds on open connections (LISTENER_LIMITS unless given; tests make them small). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Default 100 000 rows. null: unbounded. */
  retentionEvents?: number | null;
  /** Default 30 days. null: unbounded. */
  retentionMs?: number | null;
  now?: () => number;
  /** How long the service retries (6.3: about 24 h). Older events are stale. */
  retryWindowMs?: number;
  /** How far the service's clock may be from ours. Default 1 h. */
  clockSkewMs?: number;
  /** How long dedupe keys are remembered. Default 48 h (must exceed retry window + skew). */
  dedupeWindowMs?: number;
  /** Rows per log segment file (tests make it small to see retention work). */
  segmentEvents?: number;
  /** The log's disk writes; tests inject failures. */
  logIo?: LogIo;
  /** Commit groups on their way to the disk at once (EventLog; default GROUPS_IN_FLIGHT). */
  groupsInFlight?: number;
  /** When the sealed segments trusted at the start are hashed (EventLog; default 5 s). */
  sealedCheckDelayMs?: number;
  /** Where unreadable files in the data folder are reported (the data-health notices). */
  damage?: DamageSink;
  /**
   * Keep a checkpoint of checkpointable projections in the data directory, so a restart replays
   * only the log's tail (the app turns it on; tests of the log itself leave it off). `overlap`:
   * events before the checkpoint read again anyway (default 1 000; tests make it small).
   */
  checkpoint?: boolean | { overlap: number };
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  logDir: string;
  host: string;
  port: number;
  path: string;
  maxBodyBytes: number;
  now: () => number;
  retryWindowMs: number;
  clockSkewMs: number;
}

export function resolveOptions(options: WebhookReceiverOptions): ResolvedOptions {
  const path = options.path ?? '/webhooks';
  return {
    logDir: join(options.dataDir, 'webhook-log'),
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    path: path.startsWith('/') ? path : `/${path}`,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    now: options.now ?? Date.now,
    retryWindowMs: options.retryWindowMs ?? 24 * HOUR_MS,
    clockSkewMs: options.clockSkewMs ?? HOUR_MS,
  };
}
