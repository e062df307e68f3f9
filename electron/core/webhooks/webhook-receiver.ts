// The app-side webhook receiver: an HTTP listener (node:http), the durable event log, dedupe,
// projections and the push events the inspector listens to, composed. Plain Node: the Electron
// shell and the headless host run it the same way, and tests run it on port 0 in a temp dir.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AcceptedEvent,
  EventDetail,
  EventFilter,
  EventPage,
  EventSummary,
  ListenerStatus,
  WebhookCounters,
} from '../../../shared/webhooks';
import { TypedEmitter } from '../typed-emitter';
import { toAcceptedEvent } from './accepted-event';
import type { AuthSettings } from './assess-delivery';
import { DeliveryHandler } from './delivery-handler';
import { EventLog, type LogPosition } from './event-log';
import { type Projection, type ProjectionError, ProjectionSet } from './projections';
import { type ResolvedOptions, resolveOptions, type WebhookReceiverOptions } from './receiver-options';
import { CheckpointKeeper } from './checkpoint-keeper';
import { PushGate } from '../push-gate';
import { RefusalBudget } from './refusal-budget';
import { capConnections, LISTENER_LIMITS } from '../net/connection-cap';
import type { ErrorPayload } from '../../../shared/app-error';

export interface WebhookReceiverEvents {
  status: ListenerStatus;
  counters: WebhookCounters;
  /** Every stored row, refused ones included, for the live inspector. */
  appended: EventSummary;
  /** A repeat delivery raised a row's `deliveries`. */
  duplicate: { seq: number; deliveries: number };
  /** An event fed to projections (live, or again through replay(seq)). */
  applied: AcceptedEvent;
  projectionError: ProjectionError;
}

export interface ReplayResult {
  applied: boolean;
  message: string;
}

export type AuthPatch = { secret?: string | null; customHeaders?: Record<string, string>; headerPrefix?: string };

/** How long an idle keep-alive connection is kept (see start()). */
export const KEEP_ALIVE_MS = 65_000;
/** How long a stop waits for requests in progress before closing their connections. */
export const STOP_GRACE_MS = 2_000;

export class WebhookReceiver {
  readonly events: TypedEmitter<WebhookReceiverEvents>;
  private readonly options: ResolvedOptions;
  private readonly log: EventLog;
  private readonly handler: DeliveryHandler;
  private readonly projections: ProjectionSet;
  private auth: AuthSettings;
  private server: Server | null = null;
  private state: ListenerStatus['state'] = 'stopped';
  private url: string | null = null;
  private message: string | null = null;
  private problem: ErrorPayload | null = null;
  private failures = 0;
  private lastEventAt: number | null = null;
  private readonly countersGate = new PushGate(() => {
    this.events.emit('counters', this.counters());
    this.events.emit('status', this.status());
  });
  private readonly keepers: CheckpointKeeper[] = [];
  private readonly refusals: RefusalBudget;

  constructor(private readonly given: WebhookReceiverOptions) {
    const options = given;
    this.options = resolveOptions(options);
    this.events = new TypedEmitter<WebhookReceiverEvents>();
    this.auth = {
      secret: options.secret ?? null,
      headerPrefix: options.headerPrefix ?? 'Service',
      customHeaders: { ...(options.customHeaders ?? {}) },
    };
    this.log = new EventLog({
      dir: this.options.logDir,
      now: this.options.now,
      retentionEvents: options.retentionEvents,
      retentionMs: options.retentionMs,
      segmentEvents: options.segmentEvents,
      dedupeWindowMs: options.dedupeWindowMs,
      io: options.logIo,
      groupsInFlight: options.groupsInFlight,
      damage: options.damage,
      sealedCheckDelayMs: options.sealedCheckDelayMs,
      maxBytes: options.maxLogBytes,
      log: options.log,
    });
    this.refusals = new RefusalBudget({
      dir: this.options.logDir,
      now: this.options.now,
      perHour: options.refusedPerHour,
      damage: options.damage,
      log: options.log,
    });
    if (this.log.loadProblems.length > 0) this.message = this.log.loadProblems.join('; ');
    this.projections = new ProjectionSet((error) => this.events.emit('projectionError', error));
    this.handler = new DeliveryHandler(
      this.log,
      this.options,
      {
        auth: () => this.auth,
        stored: (summary, event) => {
          this.events.emit('appended', summary);
          if (event !== null) {
            this.projections.applyLive(event);
            for (const keeper of this.keepers) keeper.applied(event.seq);
            this.events.emit('applied', event);
          }
          this.changed();
        },
        repeated: (seq) => {
          this.events.emit('duplicate', { seq, deliveries: this.log.deliveries(seq) });
          this.changed();
        },
        counted: () => this.changed(),
        failed: () => {
          this.failures += 1;
          this.changed();
        },
        arrived: (at) => {
          this.lastEventAt = at;
        },
      },
      this.refusals,
    );
  }

  /** Starts listening; resolves with the status (state 'error' and a message if the port is taken). */
  async start(): Promise<ListenerStatus> {
    if (this.server !== null) return this.status();
    const server = createServer((req, res) => {
      // A sender that resets mid-request must never reach the process as an unhandled 'error'.
      req.on('error', ignore);
      res.on('error', ignore);
      // Stopping: a sender on a keep-alive connection is told to go, or it keeps the stop waiting.
      if (this.server !== server) res.shouldKeepAlive = false;
      // Never rejects (it answers 500 at worst); stop() waits for it through handler.idle().
      void this.handler.handle(req, res);
    });
    // The service gives up after 10 s (6.2); a sender slower than that is not the service.
    server.requestTimeout = 15_000;
    server.headersTimeout = 10_000;
    // Idle keep-alive connections stay open 65 s, past the idle timeouts senders and proxies
    // commonly use (60 s), so the listener is not the side that closes a connection a sender is
    // about to reuse: with Node's 5 s, a request sent just as the close went out was reset
    // (ECONNRESET), which the sender sees as a failed delivery. The soak counted two in a minute.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    capConnections(server, { ...LISTENER_LIMITS, ...this.given.connectionLimits });
    // Garbage HTTP and resets before a request was parsed: answer 400 if possible, then drop.
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    });
    this.server = server;
    this.failures = 0;
    this.setState('starting', null);
    const { host, port, path } = this.options;
    const error = await new Promise<Error | null>((resolve) => {
      server.once('error', resolve);
      server.listen(port, host, () => {
        server.off('error', resolve);
        resolve(null);
      });
    });
    if (error !== null) {
      this.server = null;
      this.url = null;
      const message = `cannot listen on ${host}:${port}: ${error.message}`;
      const code = (error as NodeJS.ErrnoException).code ?? null;
      this.setState('error', message, { kind: 'local-failure', data: { code }, message });
      return this.status();
    }
    server.on('error', (e) =>
      this.setState('error', e.message, {
        kind: 'local-failure',
        data: { code: (e as NodeJS.ErrnoException).code ?? null },
        message: e.message,
      }),
    );
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.url = `http://${shownHost}:${address.port}${path}`;
    this.setState('listening', this.log.loadProblems.length > 0 ? this.log.loadProblems.join('; ') : null);
    return this.status();
  }

  /** Hashes now the sealed segments this start trusted by size and mtime (EventLog.checkSealed); ids that changed. */
  checkSealedSegments(): Promise<number[]> {
    return this.log.checkSealed();
  }

  /**
   * Stops listening, lets requests in progress finish for a while (STOP_GRACE_MS), and closes the
   * open log file. A sender still sending its body after that is cut off (it was never answered,
   * so it sends again); every delivery already answered is on disk.
   */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.handler.idle(),
        new Promise<void>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(grace);
      server.closeAllConnections();
      await closed;
    }
    for (const keeper of this.keepers) keeper.stop();
    this.refusals.close();
    await this.log.close();
    this.url = null;
    this.setState('stopped', null);
  }

  status(): ListenerStatus {
    return {
      state: this.state,
      url: this.url,
      lastEventAt: this.lastEventAt,
      failures: this.failures,
      message: this.message,
      problem: this.problem,
      signatureRequired: this.auth.secret !== null && this.auth.secret !== '',
    };
  }

  /** Where a backup taken now cuts the log (event-log.ts). */
  backupPosition(): LogPosition | null {
    return this.log.backupPosition();
  }

  counters(): WebhookCounters {
    const counters = this.log.counters();
    const notKept = this.refusals.notKept();
    if (notKept === 0) return counters;
    return { ...counters, received: counters.received + notKept, rejected: counters.rejected + notKept, notKept };
  }

  page(filter: EventFilter = {}, offset = 0, limit = 100): EventPage {
    return this.log.page(filter, offset, limit);
  }

  /** Newest first, as the inspector shows them; a search may stop early (`more`). */
  newest(filter: EventFilter = {}, offset = 0, limit = 100): EventPage {
    return this.log.newest(filter, offset, limit);
  }

  detail(seq: number): EventDetail | null {
    return this.log.detail(seq);
  }

  /**
   * Feeds stored event `seq` to every projection again (the inspector's "replay"). Only events that
   * were applied in the first place can be: refused, flagged and unknown ones cannot. Projections
   * are idempotent, so this repairs a projection rather than double-counting.
   */
  replay(seq: number): ReplayResult {
    const row = this.log.row(seq);
    if (row === null)
      return { applied: false, message: `No event ${seq} in the log (it may have passed the retention limit)` };
    if (!this.log.isApplicable(seq)) {
      const why =
        row.verification === 'rejected'
          ? 'it was rejected'
          : row.verification === 'unsigned'
            ? 'it is unsigned (no webhook secret was set when it came), so it is kept for inspection only'
            : row.problem !== null
              ? 'it is flagged'
              : 'it repeats an earlier event';
      return { applied: false, message: `Event ${seq} is not applied to projections: ${why}` };
    }
    const event = toAcceptedEvent(row);
    if (event === null) return { applied: false, message: `Event ${seq} no longer passes its schema` };
    this.projections.applyAgain(event);
    this.events.emit('applied', event);
    return { applied: true, message: `Event ${seq} (${event.type}) was applied again` };
  }

  /** Registers a projection: it first receives every retained event in log order, then live ones. */
  addProjection(projection: Projection): () => void {
    return this.addProjections([projection]);
  }

  /**
   * Registers several projections with one replay of the retained log (each row is read and
   * parsed once, then applied to each projection), then live events. Register the app's
   * projections together: a replay of 100 000 rows takes seconds.
   */
  addProjections(projections: Projection[]): () => void {
    const added = [...projections];
    // With a checkpoint, only the events after it are read again (projection-checkpoint.ts). A log
    // from a newer release is neither read nor written, so no checkpoint is kept beside it.
    const keeper =
      this.given.checkpoint && this.log.readOnly === null
        ? CheckpointKeeper.open(added, {
            dataDir: this.given.dataDir,
            receivedAtOf: (seq) => this.log.row(seq)?.receivedAt ?? null,
            lastEventAt: () => this.lastEventAt,
            now: this.options.now,
            damage: this.given.damage,
            log: this.given.log,
            overlap: typeof this.given.checkpoint === 'object' ? this.given.checkpoint.overlap : undefined,
          })
        : null;
    const fromSeq = keeper?.fromSeq ?? 0;
    this.projections.add(added, (visit) =>
      this.log.replay(fromSeq, (row) => {
        const event = toAcceptedEvent(row);
        if (event !== null) visit(event);
        keeper?.applied(row.seq);
      }),
    );
    if (keeper) this.keepers.push(keeper.start());
    return () => {
      for (const projection of added) this.projections.remove(projection);
    };
  }

  /** Changes how deliveries are authenticated; applies to the next request. */
  reconfigure(patch: AuthPatch): ListenerStatus {
    this.auth = {
      secret: patch.secret !== undefined ? patch.secret : this.auth.secret,
      headerPrefix: patch.headerPrefix ?? this.auth.headerPrefix,
      customHeaders: patch.customHeaders !== undefined ? { ...patch.customHeaders } : this.auth.customHeaders,
    };
    this.events.emit('status', this.status());
    return this.status();
  }

  private setState(state: ListenerStatus['state'], message: string | null, problem: ErrorPayload | null = null): void {
    this.state = state;
    this.message = message;
    this.problem = problem;
    this.events.emit('status', this.status());
  }

  /** Counters and status are pushed at most once per 50 ms, however many deliveries landed (push-gate.ts). */
  private changed(): void {
    this.countersGate.poke();
  }
}

function ignore(): void {}
