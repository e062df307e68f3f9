// The app's side of webhooks, composed: the receiver (listener + log + projections), its
// settings and secrets, the tunnel, and — on the embedded sandbox — registering the listener as
// an endpoint so the practice venue delivers straight here. (The sandbox's own sender is also
// called WebhookService; this one is the listener.) The sandbox test panel is sandbox-panel.ts.
import { appError } from '../../../shared/app-error';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import { webhookSecretRequiredBecause } from '../../../shared/loopback';
import type {
  EventFilter,
  EventPage,
  EventSummary,
  ListenerStatus,
  StoredRows,
  TunnelStatus,
  WebhookCounters,
  WebhookSettingsInput,
  WebhookSettingsView,
  WebhookState,
} from '../../../shared/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/webhooks';
import type { ConnectionService } from '../connection/connection-service';
import type { SecretStore } from '../secrets/secret-store';
import { TunnelService } from '../tunnel/tunnel-service';
import { TypedEmitter } from '../typed-emitter';
import { WebhookReceiver, curlFor, type Projection } from '../webhooks';
import type { LogPosition } from '../webhooks/event-log';
import {
  loadWebhookSettings,
  saveWebhookSettings,
  WEBHOOK_HEADERS_KEY,
  WEBHOOK_SECRET_KEY,
  type WebhookSettings,
} from './listener-settings';
import { PushGate } from '../push-gate';
import { errorMessage } from '../../../shared/errors';
import { JobQueue } from '../job-queue';

/** The sentence when a secret is missing where one is required. */
function secretRequired(because: string): string {
  return `A webhook signature secret is required because ${because}: without it anyone there could send this app events. Set the secret (the same as on the service's dashboard) first.`;
}

export interface WebhookListenerOptions {
  dataDir: string;
  secrets: SecretStore;
  connection: ConnectionService;
  tunnel?: TunnelService;
  /** Forced for this run (host --webhook-port / --webhook-secret); not saved. */
  port?: number;
  secret?: string;
  now?: () => number;
  log?: (line: string) => void;
  /** Where unreadable files in the data folder are reported (the data-health notices). */
  damage?: DamageSink;
}

export interface WebhookListenerEvents {
  webhookStatus: ListenerStatus;
  webhookCounters: WebhookCounters;
  webhookEvents: StoredRows;
  tunnel: TunnelStatus;
  /** Pushed with the status: the listener card's steps depend on it (sandbox or real service). */
  webhookSettings: WebhookSettingsView;
}

export class WebhookListenerService {
  readonly events = new TypedEmitter<WebhookListenerEvents>();
  readonly tunnel: TunnelService;
  private settings: WebhookSettings;
  private receiver: WebhookReceiver | null = null;
  private secret: string | null = null;
  /** Unsubscribes from connection changes; set while started. */
  private offClient: (() => void) | null = null;
  private customHeaders: Record<string, string> = {};
  private sandboxRegistered = false;
  /** The endpoint we registered on the embedded sandbox, replaced (not duplicated) on change. */
  private sandboxEndpoint: { baseUrl: string; id: string; url: string } | null = null;
  /** Registrations run one at a time, so two of them never leave two endpoints behind. */
  private readonly registering = new JobQueue();
  /**
   * Start, stop and saves run one at a time, in the order asked: two saves that overlapped each
   * stopped the same receiver and started their own, leaving one listening unseen with a second
   * writer on the event log. In order, the last save wins.
   */
  private readonly lifecycle = new JobQueue();
  /** Between start() and stop(): a save queued behind a stop keeps its settings for the next start, never listening. */
  private started = false;
  private pending: number[] = [];
  private readonly rowsGate = new PushGate(() => {
    const seqs = this.pending;
    this.pending = [];
    if (seqs.length > 0) this.events.emit('webhookEvents', { seqs });
  });
  private readonly projections: Projection[] = [];

  constructor(private readonly options: WebhookListenerOptions) {
    const loaded = loadWebhookSettings(options.dataDir, options.damage);
    this.settings = loaded.value;
    if (loaded.problem) options.log?.(loaded.problem.message);
    this.tunnel = options.tunnel ?? new TunnelService();
    this.tunnel.events.on('tunnel', (status) => this.events.emit('tunnel', status));
  }

  /** Projections (open tabs, gift cards…) must be added before start() so they see the whole log. */
  addProjection(projection: Projection): void {
    this.projections.push(projection);
    this.receiver?.addProjection(projection);
  }

  start(): Promise<void> {
    return this.lifecycle.run(() => this.startNow());
  }

  private async startNow(): Promise<void> {
    this.started = true;
    const { secrets } = this.options;
    this.secret = this.options.secret ?? (await secrets.get(WEBHOOK_SECRET_KEY));
    this.customHeaders = parseHeaders(await secrets.get(WEBHOOK_HEADERS_KEY));
    await this.startReceiver();
    // The embedded sandbox is replaced whenever the connection settings change: register again.
    this.offClient?.();
    this.offClient = this.options.connection.events.on('client', () => {
      // The header prefix may have changed with the connection settings.
      this.receiver?.reconfigure({
        secret: this.secret,
        customHeaders: this.customHeaders,
        headerPrefix: this.headerPrefix(),
      });
      void this.registerWithSandbox();
    });
    await this.registerWithSandbox();
  }

  stop(): Promise<void> {
    return this.lifecycle.run(() => this.stopNow());
  }

  private async stopNow(): Promise<void> {
    // A stopped listener must not be re-registered by a later connection change (and a start after
    // a stop must not register twice).
    this.started = false;
    this.offClient?.();
    this.offClient = null;
    await this.tunnel.stop();
    await this.receiver?.stop();
    this.receiver = null;
  }

  state(): WebhookState {
    return {
      status: this.status(),
      counters: this.counters(),
      tunnel: this.tunnel.status(),
      settings: {
        host: this.settings.host,
        // A port forced for this run (--webhook-port) is the one in use, whatever is saved.
        port: this.options.port ?? this.settings.port,
        path: this.settings.path,
        hasSecret: this.secret !== null,
        customHeaderNames: Object.keys(this.customHeaders),
        retentionEvents: this.settings.retentionEvents,
        sandboxRegistered: this.sandboxRegistered,
      },
    };
  }

  status(): ListenerStatus {
    return (
      this.receiver?.status() ?? {
        state: 'stopped',
        url: null,
        lastEventAt: null,
        failures: 0,
        message: 'The webhook listener is not running',
        signatureRequired: false,
      }
    );
  }

  /**
   * Where a backup taken now cuts the event log; null while no receiver holds it open (nothing
   * writes the log then, so its files are taken as they lie).
   */
  logPosition(): LogPosition | null {
    return this.receiver?.backupPosition() ?? null;
  }

  counters(): WebhookCounters {
    return (
      this.receiver?.counters() ?? {
        received: 0,
        verified: 0,
        unsigned: 0,
        rejected: 0,
        duplicate: 0,
        stale: 0,
        flagged: 0,
      }
    );
  }

  /** Newest first: the inspector shows the latest event at the top. */
  list(filter: EventFilter, offset: number, limit: number): EventPage {
    return this.requireReceiver().newest(filter, offset, limit);
  }

  detail(seq: number) {
    return this.requireReceiver().detail(seq);
  }

  async replay(seq: number): Promise<{ applied: boolean; message: string }> {
    return this.requireReceiver().replay(seq);
  }

  curl(seq: number): string {
    const detail = this.requireReceiver().detail(seq);
    if (!detail)
      throw appError('not-found', `No event ${seq} in the log (it may have passed the retention limit)`, {
        what: 'event',
      });
    return curlFor(detail, this.status().url ?? `http://127.0.0.1:${this.settings.port}${this.settings.path}`);
  }

  save(input: WebhookSettingsInput): Promise<WebhookState> {
    return this.lifecycle.run(() => this.saveNow(input));
  }

  private async saveNow(input: WebhookSettingsInput): Promise<WebhookState> {
    const { secrets } = this.options;
    // Checked before anything changes: a listener others can reach never runs without a secret.
    const secretAfter = input.secret !== undefined ? input.secret : this.secret;
    const because = webhookSecretRequiredBecause(
      input.host ?? this.settings.host,
      this.tunnel.status().state === 'online' || this.tunnel.status().state === 'starting',
    );
    if (because && !secretAfter) throw appError('invalid', secretRequired(because), { field: 'secret' });
    if (input.secret !== undefined) {
      this.secret = input.secret;
      if (input.secret === null) await secrets.delete(WEBHOOK_SECRET_KEY);
      else await secrets.set(WEBHOOK_SECRET_KEY, input.secret);
    }
    if (input.customHeaders !== undefined) {
      this.customHeaders = input.customHeaders;
      await secrets.set(WEBHOOK_HEADERS_KEY, JSON.stringify(input.customHeaders));
    }
    // The port and the retention are fixed when the receiver starts: a change restarts it.
    const needsRestart =
      (input.port !== undefined && input.port !== this.settings.port) ||
      (input.host !== undefined && input.host !== this.settings.host) ||
      (input.path !== undefined && input.path !== this.settings.path) ||
      (input.retentionEvents !== undefined && input.retentionEvents !== this.settings.retentionEvents);
    this.settings = {
      ...this.settings,
      ...(input.host !== undefined ? { host: input.host } : {}),
      ...(input.port !== undefined ? { port: input.port } : {}),
      ...(input.path !== undefined ? { path: input.path } : {}),
      ...(input.retentionEvents ? { retentionEvents: input.retentionEvents } : {}),
    };
    saveWebhookSettings(this.options.dataDir, this.settings);
    if (!this.started) return this.state();
    if (needsRestart) {
      await this.receiver?.stop();
      await this.startReceiver();
      // A running tunnel forwards to the listener's port and shows its path: it follows both.
      await this.tunnel.follow(this.receiverPort(), this.settings.path);
    } else {
      this.receiver?.reconfigure({
        secret: this.secret,
        customHeaders: this.customHeaders,
        headerPrefix: this.headerPrefix(),
      });
    }
    await this.registerWithSandbox();
    return this.state();
  }

  async startTunnel(authtoken: string): Promise<TunnelStatus> {
    if (!this.secret)
      throw appError('invalid', secretRequired(webhookSecretRequiredBecause(this.settings.host, true)!), {
        field: 'secret',
      });
    const port = this.receiverPort();
    if (!port)
      throw appError('conflict', 'The webhook listener is not running, so there is nothing to tunnel to', {
        what: 'listener',
      });
    return this.tunnel.start(port, authtoken, this.settings.path);
  }

  private async startReceiver(): Promise<void> {
    // Saved for the network but the secret is gone (removed from the keychain, settings edited):
    // listen on this computer only until a secret is set, and say why.
    const because = webhookSecretRequiredBecause(this.settings.host, false);
    const host = because && !this.secret ? '127.0.0.1' : this.settings.host;
    if (host !== this.settings.host)
      this.options.log?.(
        `webhooks: ${secretRequired(because!)} Listening on this computer only (127.0.0.1) until one is set.`,
      );
    const receiver = new WebhookReceiver({
      dataDir: join(this.options.dataDir, 'webhooks'),
      host,
      port: this.options.port ?? this.settings.port,
      path: this.settings.path,
      secret: this.secret,
      headerPrefix: this.headerPrefix(),
      customHeaders: this.customHeaders,
      retentionEvents: this.settings.retentionEvents,
      now: this.options.now,
      damage: this.options.damage,
      // The tabs board, gift cards and notices restart from a checkpoint plus the log's tail.
      checkpoint: true,
      log: this.options.log,
    });
    // One replay of the retained log feeds them all.
    receiver.addProjections(this.projections);
    receiver.events.on('status', (status) => this.events.emit('webhookStatus', status));
    receiver.events.on('counters', (counters) => this.events.emit('webhookCounters', counters));
    receiver.events.on('appended', (row) => this.queue(row));
    this.receiver = receiver;
    try {
      await receiver.start();
    } catch (error) {
      this.options.log?.(`The webhook listener could not start: ${errorMessage(error)}`);
    }
    this.events.emit('webhookStatus', receiver.status());
  }

  /** The endpoint this listener registered on the embedded sandbox (the panel shows only its deliveries). */
  sandboxEndpointId(): string | null {
    return this.sandboxEndpoint?.id ?? null;
  }

  /** On the embedded sandbox: make sure it has a secret and an endpoint pointing here. */
  private registerWithSandbox(): Promise<void> {
    return this.registering.run(() => this.registerNow());
  }

  private async registerNow(): Promise<void> {
    try {
      await this.registerOnSandbox();
    } finally {
      // Sandbox or not, the renderer must see the settings as they are now (bug: only the status
      // was pushed, so the card kept the other mode's steps after a switch).
      this.events.emit('webhookStatus', this.status());
      this.events.emit('webhookSettings', this.state().settings);
    }
  }

  private async registerOnSandbox(): Promise<void> {
    this.sandboxRegistered = false;
    const sandbox = this.options.connection.sandboxLink();
    const url = this.status().url;
    if (!sandbox || !url) return;
    if (!this.secret) {
      // Practice deliveries are signed too, so the inspector shows real verification.
      this.secret = randomBytes(24).toString('hex');
      await this.options.secrets.set(WEBHOOK_SECRET_KEY, this.secret);
      this.receiver?.reconfigure({
        secret: this.secret,
        customHeaders: this.customHeaders,
        headerPrefix: this.headerPrefix(),
      });
    }
    try {
      // Same URL: the sandbox updates the endpoint in place (keeping pending retries); a new URL
      // (the port changed) replaces it, so the sandbox never delivers twice to us.
      if (this.sandboxEndpoint?.baseUrl === sandbox.baseUrl && this.sandboxEndpoint.url !== url) {
        await sandbox.removeEndpoint(this.sandboxEndpoint.id).catch(() => {});
      }
      this.sandboxEndpoint = null;
      const created = await sandbox.registerEndpoint({
        accessId: sandbox.accessId,
        url,
        eventTypes: WEBHOOK_EVENT_TYPES,
        secret: this.secret,
        customHeaders: this.customHeaders,
      });
      this.sandboxEndpoint = { baseUrl: sandbox.baseUrl, id: created.id, url };
      this.sandboxRegistered = true;
    } catch (error) {
      this.options.log?.(`Could not register the webhook endpoint with the sandbox: ${errorMessage(error)}`);
    }
  }

  private headerPrefix(): string {
    return this.options.connection.status().settings.headerPrefix;
  }

  private receiverPort(): number | null {
    const url = this.status().url;
    return url ? Number(new URL(url).port) : null;
  }

  private requireReceiver(): WebhookReceiver {
    if (!this.receiver) throw appError('conflict', 'The webhook listener is not running', { what: 'listener' });
    return this.receiver;
  }

  /** Rows stored in the same tick, or within 50 ms during a burst, go to the renderer as one message (push-gate.ts). */
  private queue(row: EventSummary): void {
    this.pending.push(row.seq);
    this.rowsGate.poke();
  }
}

function parseHeaders(stored: string | null): Record<string, string> {
  if (!stored) return {};
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >;
    }
  } catch {
    // fall through: unreadable custom headers are dropped, and the Settings screen shows none
  }
  return {};
}
