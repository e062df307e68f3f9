// The webhooks feature's part of the IPC contract: the listener, the event log and inspector,
// the tunnel, and the embedded sandbox's trigger panel.
import type {
  EventDetail,
  EventFilter,
  EventPage,
  StoredRows,
  ListenerStatus,
  RefusedDeliveries,
  SandboxDelivery,
  SandboxTriggerInput,
  TunnelStatus,
  WebhookCounters,
  WebhookSettingsInput,
  WebhookSettingsView,
  WebhookState,
} from '../webhooks';

export interface WebhookRequests {
  /** Listener status, counters, tunnel and settings in one read. */
  getWebhookState: { args: []; result: WebhookState };
  /** One page of the event log matching a filter, newest first. */
  listEvents: { args: [filter: EventFilter, offset: number, limit: number]; result: EventPage };
  /** Everything recorded about one event: raw body, headers, signature and dedupe results. */
  getEvent: { args: [seq: number]; result: EventDetail | null };
  /** Apply one stored event to the projections again (idempotent). */
  replayEvent: { args: [seq: number]; result: { applied: boolean; message: string } };
  /** The event as a curl command that re-sends the exact request. */
  eventAsCurl: { args: [seq: number]; result: string };
  /**
   * Deliveries the listener refused since the last one it took, with the cause of the latest
   * (null while the latest was taken): the notice on the screens that miss their events.
   */
  refusedDeliveries: { args: []; result: RefusedDeliveries | null };
  /** Change the listener's secret, custom headers, port or retention. */
  saveWebhookSettings: { args: [input: WebhookSettingsInput]; result: WebhookState };
  /** Start a public HTTPS tunnel to the listener with the user's ngrok authtoken. */
  startTunnel: { args: [authtoken: string]; result: TunnelStatus };
  /** Stop the tunnel. */
  stopTunnel: { args: []; result: TunnelStatus };
  /** The embedded sandbox's delivery attempts to this app, newest first (for the sandbox panel). */
  listSandboxDeliveries: { args: []; result: SandboxDelivery[] };
  /** Make the embedded sandbox run every pending retry now instead of waiting for its backoff. */
  flushSandboxDeliveries: { args: []; result: { message: string } };
  /** Ask the embedded sandbox to send an event of any type (optionally forged). */
  triggerSandboxEvent: { args: [input: SandboxTriggerInput]; result: { message: string } };
}

export interface WebhookEvents {
  /** The listener started, stopped, failed or received something. */
  webhookStatus: ListenerStatus;
  /** Received / verified / rejected / duplicate / stale counts changed. */
  webhookCounters: WebhookCounters;
  /** New rows stored in the event log (batched): their seqs; screens re-read what they show. */
  webhookEvents: StoredRows;
  /** The tunnel's state changed. */
  tunnel: TunnelStatus;
  /** The listener's settings changed (saved, or the connection switched sandbox ↔ real service). */
  webhookSettings: WebhookSettingsView;
}

export const webhookChannelKeys: Record<keyof WebhookRequests, true> = {
  getWebhookState: true,
  listEvents: true,
  getEvent: true,
  replayEvent: true,
  eventAsCurl: true,
  refusedDeliveries: true,
  saveWebhookSettings: true,
  startTunnel: true,
  stopTunnel: true,
  triggerSandboxEvent: true,
  listSandboxDeliveries: true,
  flushSandboxDeliveries: true,
};

export const webhookEventKeys: Record<keyof WebhookEvents, true> = {
  webhookStatus: true,
  webhookCounters: true,
  webhookEvents: true,
  tunnel: true,
  webhookSettings: true,
};
