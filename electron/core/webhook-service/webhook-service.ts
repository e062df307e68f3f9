// The app's side of webhooks, composed: the receiver (listener + log + projections), its
// settings and secrets, the tunnel, and — on the embedded sandbox — registering the listener as
// an endpoint so the practice venue delivers straight here.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { EventFilter, EventPage, EventSummary, ListenerStatus, SandboxDelivery, SandboxTriggerInput, TunnelStatus, WebhookCounters, WebhookSettingsInput, WebhookState } from '../../../shared/webhooks';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/webhooks';
import type { ConnectionService } from '../connection/connection-service';
import type { SecretStore } from '../secrets/secret-store';
import { TunnelService } from '../tunnel/tunnel-service';
import { TypedEmitter } from '../typed-emitter';
import { WebhookReceiver, curlFor, type Projection } from '../webhooks';
import { loadWebhookSettings, saveWebhookSettings, WEBHOOK_HEADERS_KEY, WEBHOOK_SECRET_KEY, type WebhookSettings } from './webhook-settings';

export interface WebhookServiceOptions {
  dataDir: string;
  secrets: SecretStore;
  connection: ConnectionService;
  tunnel?: TunnelService;
  /** Forced for this run (host --webhook-port / --webhook-secret); not saved. */
  port?: number;
  secret?: string;
  now?: () => number;
  log?: (line: string) => void;
}

export interface WebhookServiceEvents {
  webhookStatus: ListenerStatus;
  webhookCounters: WebhookCounters;
  webhookEvents: EventSummary[];
  tunnel: TunnelStatus;
}

export class WebhookService {
  readonly events = new TypedEmitter<WebhookServiceEvents>();
  readonly tunnel: TunnelService;
  private settings: WebhookSettings;
  private receiver: WebhookReceiver | null = null;
  private secret: string | null = null;
  private customHeaders: Record<string, string> = {};
  private sandboxRegistered = false;
  /** The endpoint we registered on the embedded sandbox, replaced (not duplicated) on change. */
  private sandboxEndpoint: { baseUrl: string; id: string; url: string } | null = null;
  private pending: EventSummary[] = [];
  private flushScheduled = false;
  private readonly projections: Projection[] = [];

  constructor(private readonly options: WebhookServiceOptions) {
    const loaded = loadWebhookSettings(options.dataDir);
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

  async start(): Promise<void> {
    const { secrets } = this.options;
    this.secret = this.options.secret ?? (await secrets.get(WEBHOOK_SECRET_KEY));
    this.customHeaders = parseHeaders(await secrets.get(WEBHOOK_HEADERS_KEY));
    await this.startReceiver();
    // The embedded sandbox is replaced whenever the connection settings change: register again.
    this.options.connection.events.on('client', () => {
      // The header prefix may have changed with the connection settings.
      this.receiver?.reconfigure({ secret: this.secret, customHeaders: this.customHeaders, headerPrefix: this.headerPrefix() });
      void this.registerWithSandbox();
    });
    await this.registerWithSandbox();
  }

  async stop(): Promise<void> {
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
    return this.receiver?.status() ?? { state: 'stopped', url: null, lastEventAt: null, failures: 0, message: 'The webhook listener is not running', signatureRequired: false };
  }

  counters(): WebhookCounters {
    return this.receiver?.counters() ?? { received: 0, verified: 0, unsigned: 0, rejected: 0, duplicate: 0, stale: 0, flagged: 0 };
  }

  /** Newest first: the inspector shows the latest event at the top. */
  list(filter: EventFilter, offset: number, limit: number): EventPage {
    const receiver = this.requireReceiver();
    const total = receiver.page(filter, 0, 0).total;
    const end = Math.max(0, total - offset);
    const start = Math.max(0, end - limit);
    const page = receiver.page(filter, start, end - start);
    return { rows: [...page.rows].reverse(), total: page.total, offset };
  }

  detail(seq: number) {
    return this.requireReceiver().detail(seq);
  }

  async replay(seq: number): Promise<{ applied: boolean; message: string }> {
    return this.requireReceiver().replay(seq);
  }

  curl(seq: number): string {
    const detail = this.requireReceiver().detail(seq);
    if (!detail) throw new Error(`No event ${seq} in the log (it may have passed the retention limit)`);
    return curlFor(detail, this.status().url ?? `http://127.0.0.1:${this.settings.port}${this.settings.path}`);
  }

  async save(input: WebhookSettingsInput): Promise<WebhookState> {
    const { secrets } = this.options;
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
    if (needsRestart) {
      await this.receiver?.stop();
      await this.startReceiver();
    } else {
      this.receiver?.reconfigure({ secret: this.secret, customHeaders: this.customHeaders, headerPrefix: this.headerPrefix() });
    }
    await this.registerWithSandbox();
    return this.state();
  }

  async startTunnel(authtoken: string): Promise<TunnelStatus> {
    const port = this.receiverPort();
    if (!port) throw new Error('The webhook listener is not running, so there is nothing to tunnel to');
    return this.tunnel.start(port, authtoken, this.settings.path);
  }

  /** What the embedded sandbox did to reach us: attempts, retries, permanent failures. */
  async sandboxDeliveries(): Promise<SandboxDelivery[]> {
    const sandbox = this.requireSandbox();
    const response = await fetch(`${sandbox.baseUrl}/_sandbox/webhooks/deliveries`);
    if (!response.ok) throw new Error(`The sandbox did not list its deliveries (${response.status})`);
    const body = (await response.json()) as { deliveries?: SandboxDelivery[] };
    const mine = this.sandboxEndpoint?.id;
    return (body.deliveries ?? [])
      .filter((d) => !mine || (d as SandboxDelivery & { endpointId?: string }).endpointId === mine)
      .slice(-30)
      .reverse()
      .map((d) => ({
        id: d.id,
        type: d.type,
        status: d.status,
        attempts: d.attempts,
        lastAttemptAt: d.lastAttemptAt,
        nextAttemptAt: d.nextAttemptAt,
        lastResponseStatus: d.lastResponseStatus,
        lastError: d.lastError,
        forged: d.forged,
        duplicate: d.duplicate,
      }));
  }

  async flushSandbox(): Promise<{ message: string }> {
    const sandbox = this.requireSandbox();
    const response = await fetch(`${sandbox.baseUrl}/_sandbox/webhooks/flush`, { method: 'POST' });
    const body = (await response.json().catch(() => ({}))) as { flushed?: number };
    if (!response.ok) throw new Error(`The sandbox refused to run its retries (${response.status})`);
    return { message: body.flushed ? `The sandbox retried ${body.flushed} deliver${body.flushed === 1 ? 'y' : 'ies'} now` : 'No delivery was waiting for a retry' };
  }

  private requireSandbox() {
    const sandbox = this.options.connection.runningSandbox();
    if (!sandbox) throw new Error('This needs the embedded sandbox (Settings → Connection)');
    return sandbox;
  }

  async triggerSandbox(input: SandboxTriggerInput): Promise<{ message: string }> {
    const sandbox = this.options.connection.runningSandbox();
    if (!sandbox) throw new Error('Triggering events needs the embedded sandbox (Settings → Connection)');
    const response = await fetch(`${sandbox.baseUrl}/_sandbox/webhooks/trigger`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string; deliveries?: unknown[]; throttled?: boolean };
    if (!response.ok) throw new Error(body.message ?? `The sandbox refused the trigger (${response.status})`);
    if (body.throttled) return { message: `${input.type} was throttled by the sandbox (one per 5 minutes per customer and target)` };
    const count = Array.isArray(body.deliveries) ? body.deliveries.length : 0;
    if (count === 0) return { message: `${input.type} was not sent: no endpoint is subscribed to it for that location (subscribe the location in Settings)` };
    return { message: `${input.forge ? 'Forged ' : ''}${input.type} sent to ${count} endpoint${count === 1 ? '' : 's'}` };
  }

  private async startReceiver(): Promise<void> {
    const receiver = new WebhookReceiver({
      dataDir: join(this.options.dataDir, 'webhooks'),
      host: this.settings.host,
      port: this.options.port ?? this.settings.port,
      path: this.settings.path,
      secret: this.secret,
      headerPrefix: this.headerPrefix(),
      customHeaders: this.customHeaders,
      retentionEvents: this.settings.retentionEvents,
      now: this.options.now,
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
      this.options.log?.(`The webhook listener could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.events.emit('webhookStatus', receiver.status());
  }

  /** On the embedded sandbox: make sure it has a secret and an endpoint pointing here. */
  private async registerWithSandbox(): Promise<void> {
    this.sandboxRegistered = false;
    const sandbox = this.options.connection.runningSandbox();
    const url = this.status().url;
    if (!sandbox || !url) return;
    if (!this.secret) {
      // Practice deliveries are signed too, so the inspector shows real verification.
      this.secret = randomBytes(24).toString('hex');
      await this.options.secrets.set(WEBHOOK_SECRET_KEY, this.secret);
      this.receiver?.reconfigure({ secret: this.secret, customHeaders: this.customHeaders, headerPrefix: this.headerPrefix() });
    }
    const accessId = this.options.connection.status().settings.accessId;
    try {
      // Same URL: the sandbox updates the endpoint in place (keeping pending retries); a new URL
      // (the port changed) replaces it, so the sandbox never delivers twice to us.
      if (this.sandboxEndpoint?.baseUrl === sandbox.baseUrl && this.sandboxEndpoint.url !== url) {
        await fetch(`${sandbox.baseUrl}/_sandbox/webhooks/endpoints/${encodeURIComponent(this.sandboxEndpoint.id)}`, { method: 'DELETE' });
      }
      this.sandboxEndpoint = null;
      const response = await fetch(`${sandbox.baseUrl}/_sandbox/webhooks/endpoints`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accessId, url, eventTypes: WEBHOOK_EVENT_TYPES, secret: this.secret, customHeaders: this.customHeaders }),
      });
      this.sandboxRegistered = response.ok;
      const created = (await response.json().catch(() => null)) as { id?: string; endpoint?: { id?: string } } | null;
      const id = created?.id ?? created?.endpoint?.id;
      if (response.ok && id) this.sandboxEndpoint = { baseUrl: sandbox.baseUrl, id, url };
      if (!response.ok) this.options.log?.(`The sandbox refused the webhook endpoint (${response.status})`);
    } catch (error) {
      this.options.log?.(`Could not register the webhook endpoint with the sandbox: ${String(error)}`);
    }
    this.events.emit('webhookStatus', this.status());
  }

  private headerPrefix(): string {
    return this.options.connection.status().settings.headerPrefix;
  }

  private receiverPort(): number | null {
    const url = this.status().url;
    return url ? Number(new URL(url).port) : null;
  }

  private requireReceiver(): WebhookReceiver {
    if (!this.receiver) throw new Error('The webhook listener is not running');
    return this.receiver;
  }

  /** Rows stored in the same tick go to the renderer as one message. */
  private queue(row: EventSummary): void {
    this.pending.push(row);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      const rows = this.pending;
      this.pending = [];
      this.events.emit('webhookEvents', rows);
    });
  }
}

function parseHeaders(stored: string | null): Record<string, string> {
  if (!stored) return {};
  try {
    const parsed = JSON.parse(stored) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    }
  } catch {
    // fall through: unreadable custom headers are dropped, and the Settings screen shows none
  }
  return {};
}
