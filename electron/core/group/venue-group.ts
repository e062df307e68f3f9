// The hub's part in a group of venues. Not in a group (no group file in the data folder): the
// request tap passes everything through and nothing else runs, so the hub works as it always did.
// In a group: at start it writes its leaf node's config, starts and watches the leaf node
// (nats-server, JetStream in the venue's domain), makes sure the venue's stream is there, and
// publishes its log to it (log-taps.ts). The leaf node forwards to head office whenever the link
// is up; while it is down the venue's stream keeps everything on this computer.
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { groupDir, loadGroupJoin, type GroupJoin } from './group-join';
import { startLeafLink } from './leaf-link';
import type { NatsProcess } from './nats-process';
import { PublishQueue } from './publish-queue';
import { PublishedLog } from './published-log';
import { attachLogTaps, type LogSources } from './log-taps';
import { RequestTap } from './request-tap';
import { freeLoopbackPort } from './free-loopback-port';

export interface VenueGroupTuning {
  /** The status heartbeat's period (a minute; tests shorten it). */
  statusEveryMs: number;
  /** The leaf node's client port (0: a free one at each start). */
  leafPort: number;
}

const DEFAULT_TUNING: VenueGroupTuning = { statusEveryMs: 60_000, leafPort: 0 };

export type GroupSources = Omit<LogSources, 'venueId' | 'venueName' | 'tap' | 'now' | 'statusEveryMs' | 'dataDir'>;

export interface VenueGroupState {
  venueId: string;
  leafPort: number;
  queued: number;
  published: number;
  lastError: string | null;
  leafRestarts: number;
}

export class VenueGroup {
  readonly tap = new RequestTap();
  readonly join: GroupJoin | null;
  private leaf: NatsProcess | null = null;
  private nc: NatsConnection | null = null;
  private js: JetStreamClient | null = null;
  private queue: PublishQueue | null = null;
  private published: PublishedLog | null = null;
  private detach: (() => void) | null = null;
  private port = 0;
  private readonly tuning: VenueGroupTuning;

  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
    tuning: Partial<VenueGroupTuning> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
    this.join = loadGroupJoin(dataDir);
  }

  get enabled(): boolean {
    return this.join !== null;
  }

  async start(sources: GroupSources): Promise<void> {
    const j = this.join;
    if (!j) return;
    const dir = groupDir(this.dataDir);
    this.port = this.tuning.leafPort || (await freeLoopbackPort());
    const link = await startLeafLink(dir, j, this.port, this.log);
    this.leaf = link.leaf;
    this.nc = link.nc;
    this.js = jetstream(this.nc);
    this.published = new PublishedLog(dir, this.now);
    this.queue = new PublishQueue(() => this.js, this.log);
    const queue = this.queue;
    this.detach = attachLogTaps(
      {
        ...sources,
        venueId: j.venueId,
        venueName: j.venueName,
        tap: this.tap,
        dataDir: this.dataDir,
        now: this.now,
        statusEveryMs: this.tuning.statusEveryMs,
      },
      this.published,
      (message) => queue.push(message),
    );
    this.log(`group: venue ${j.venueId} publishes to its leaf node on 127.0.0.1:${this.port}`);
  }

  /** Resolves once every message heard so far is in the venue's stream (tests, a clean stop). */
  async idle(): Promise<void> {
    await this.queue?.idle();
  }

  state(): VenueGroupState | null {
    if (!this.join) return null;
    return {
      venueId: this.join.venueId,
      leafPort: this.port,
      queued: this.queue?.length ?? 0,
      published: this.queue?.published ?? 0,
      lastError: this.queue?.lastError ?? null,
      leafRestarts: this.leaf?.restarts ?? 0,
    };
  }

  /** The leaf node process (tests kill it to see the watch start it again). */
  leafProcess(): NatsProcess | null {
    return this.leaf;
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = null;
    // What is queued now is still published if the leaf node is there; a restart sends the rest.
    if (this.queue && this.nc && !this.nc.isClosed()) {
      await Promise.race([this.queue.idle(), new Promise((r) => setTimeout(r, 2_000).unref())]);
    }
    this.queue?.stop();
    this.published?.flush();
    await this.nc?.close().catch(() => {});
    this.nc = null;
    this.js = null;
    await this.leaf?.stop();
    this.leaf = null;
  }
}
