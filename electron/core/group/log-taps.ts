// Where the hub's log comes from: each source the core already has, heard through its own events
// (a projection on the webhook receiver, the labor view's changes, the hub's device list, the data
// health notices, the request tap), turned into messages for the publish queue. Nothing here
// changes those services; each source is read as it is and published once (published-log.ts).
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { HubDeviceView } from '../../../shared/hub';
import type { PunchReviewView } from '../../../shared/authority';
import type { DataHealthView } from '../../../shared/data-health';
import type { GroupStatus } from '../../../shared/group';
import type { RefundOutcome } from '../../../shared/tabs';
import type { LaborService } from '../labor/labor-service';
import type { WebhookListenerService } from '../webhook-listener/listener-service';
import type { HubService } from '../hub/hub-service';
import type { PunchReview } from '../hub/punch-review';
import type { DataHealth } from '../storage/data-health';
import type { RequestTap } from './request-tap';
import type { Outgoing } from './publish-queue';
import type { PublishedLog } from './published-log';
import type { RequestLedger } from '../requests/request-ledger';
import { businessZoneOf } from '../../../shared/labor-calc';
import { durableMessages } from './durable-replay';
import { entryKeysOf } from './entry-keys';
import {
  deviceMessage,
  editMessage,
  eventMessage,
  healthMessage,
  isRefundAsked,
  punchMessage,
  refundMessage,
  reviewMessage,
  statusMessage,
} from './log-messages';

export interface LogSources {
  venueId: string;
  venueName: string;
  webhooks: WebhookListenerService;
  labor: LaborService;
  hub: HubService | null;
  review: PunchReview | null;
  dataHealth: DataHealth;
  tap: RequestTap;
  /** The hub's request ledger: refunds and edits answered before a stop are published from it. */
  requests: RequestLedger | null;
  /** The hub's data folder (the labor audit log). */
  dataDir: string;
  now: () => number;
  statusEveryMs: number;
}

/** How often the labor outbox is looked over after it changed (its changes come in bursts). */
const PUNCH_SCAN_MS = 100;

export function attachLogTaps(
  sources: LogSources,
  published: PublishedLog,
  push: (message: Outgoing) => void,
): () => void {
  const { venueId, now } = sources;
  const offs: (() => void)[] = [];
  // Queued once per id even if the source is heard again before the stream acknowledges it.
  const queued = new Set<string>();
  const once = (message: Outgoing | null) => {
    if (!message || published.has(message.msgId) || queued.has(message.msgId)) return;
    queued.add(message.msgId);
    push({
      ...message,
      sent: () => {
        queued.delete(message.msgId);
        published.note(message.msgId);
      },
    });
  };

  // Accepted webhook events: a projection, so the start-up replay of the retained log reaches it
  // too; those already published (by seq) are skipped.
  sources.webhooks.addProjection({
    name: 'group-log',
    apply: (event: AcceptedEvent) => {
      if (event.seq <= published.eventsThrough) return;
      const message = eventMessage(venueId, event);
      push({ ...message, sent: () => published.noteEvent(event.seq) });
    },
  });

  // Punches as they landed: the outbox marks each one done once the service has it.
  let scanTimer: NodeJS.Timeout | null = null;
  const scanPunches = () => {
    scanTimer = null;
    const outbox = sources.labor.outbox;
    if (outbox.isClosed) return;
    for (const s of outbox.all()) if (s.status === 'done') once(punchMessage(venueId, s, (ref) => outbox.resolve(ref)));
  };
  offs.push(
    sources.labor.events.on('labor', () => {
      scanTimer ??= setTimeout(scanPunches, PUNCH_SCAN_MS);
    }),
  );
  scanPunches();

  // Refunds and edits answered before this start that the venue's stream never confirmed (the hub
  // stopped in between), from the ledger and the audit log; then those answered from now on.
  const keysOf = entryKeysOf(sources.labor.outbox, sources.labor.timeCards);
  if (sources.requests)
    for (const m of durableMessages(venueId, sources.requests, sources.dataDir, now(), keysOf)) once(m);
  offs.push(sources.tap.events.on('edit', (row) => once(editMessage(venueId, row, keysOf))));
  offs.push(sources.tap.events.on('refund', (r) => once(refundMessage(venueId, r.asked, r.outcome, now()))));
  // A refund out when the hub stopped, settled by a read after this start (interrupted.ts).
  if (sources.requests)
    offs.push(
      sources.requests.onSettled((e) => {
        if (e.channel !== 'tabRefund' || !e.outcome?.ok || !isRefundAsked(e.about)) return;
        once(refundMessage(venueId, e.about, e.outcome.result as RefundOutcome, e.at));
      }),
    );

  // Review: held and refused punches as they come, and each decision.
  const reviewItems = (view: PunchReviewView) => {
    for (const item of view.items) once(reviewMessage(venueId, item));
  };
  offs.push(sources.tap.events.on('review', reviewItems));

  // Devices: paired, renamed, revoked, told apart from the last list seen.
  const known = new Map<string, HubDeviceView>();
  const devices = (list: HubDeviceView[]) => {
    for (const d of list) {
      const before = known.get(d.id);
      known.set(d.id, d);
      once(deviceMessage(venueId, d, 'paired', d.pairedAt));
      if (before && before.name !== d.name) once(deviceMessage(venueId, d, 'renamed', now()));
      if (d.revokedAt !== null) once(deviceMessage(venueId, d, 'revoked', d.revokedAt));
    }
    // The review queue's changes are heard here too: the hub tells its device list each time.
    if (sources.review) reviewItems(sources.review.view());
  };
  if (sources.hub) {
    offs.push(sources.hub.events.on('hubDevices', devices));
    devices(sources.hub.devices());
  }

  const health = (view: DataHealthView) => {
    for (const notice of view.notices) once(healthMessage(venueId, notice));
  };
  offs.push(sources.dataHealth.events.on('dataHealth', health));
  health(sources.dataHealth.view());

  // How this venue's own screens count a day (LaborService.fiscalDayFor), so the office counts
  // alike; nothing until a location is chosen, so the office does not take this computer's zone
  // for the venue's before the venue has one.
  const businessDay = (): GroupStatus['businessDay'] => {
    const stored = sources.labor.settings();
    if (!stored.location) return undefined;
    return {
      timezone: businessZoneOf(stored.location.timezone ?? null),
      startHour: stored.settings.fiscalDayStartHour,
    };
  };
  const dayKey = (day: GroupStatus['businessDay']) => (day ? `${day.timezone}@${day.startHour}` : '');
  let saidDay = '';
  const heartbeat = () => {
    const outbox = sources.labor.view().outbox;
    const counters = sources.webhooks.counters();
    const day = businessDay();
    saidDay = dayKey(day);
    const status: GroupStatus = {
      at: now(),
      venueName: sources.venueName,
      ...(day ? { businessDay: day } : {}),
      punchesWaiting: outbox.pending + outbox.blocked,
      punchesFailed: outbox.failed,
      webhooks: {
        verified: counters.verified,
        unsigned: counters.unsigned,
        rejected: counters.rejected,
        duplicates: counters.duplicate,
      },
      listener: sources.webhooks.status().state,
    };
    push(statusMessage(venueId, status, sources.statusEveryMs));
  };
  heartbeat();
  // A change of zone or day start is said at once, not at the next beat.
  offs.push(
    sources.labor.events.on('labor', () => {
      if (dayKey(businessDay()) !== saidDay) heartbeat();
    }),
  );
  const beat = setInterval(heartbeat, sources.statusEveryMs);
  beat.unref();

  return () => {
    clearInterval(beat);
    if (scanTimer) clearTimeout(scanTimer);
    for (const off of offs) off();
  };
}
