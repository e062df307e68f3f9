// Shared by the tabs tests: the real core (embedded sandbox, real webhook listener, temp data
// dir), the seeded ids they use, and small polling helpers.
import { tempDirs, signInManager } from '../support';
import { createApp, type App, type AppOptions } from '../../electron/host/create-app';
import { acceptedFromBody } from '../../electron/core/webhooks/accepted-event';
import { createControlClient } from '../../electron/sandbox/control-client';
import {
  DEMO_ACCESS_ID,
  SEED_LOCATIONS,
  SEED_PASSES,
  readingsFromEnv,
  startSandbox,
  type RunningSandbox,
  type SandboxWorld,
} from '../../electron/sandbox';
import type { SandboxReadings } from '../../electron/sandbox/readings';
import { createWebhookControlClient } from '../../electron/sandbox/webhooks/control-client';
import { WEBHOOK_EVENT_TYPES } from '../../shared/webhooks';
import { SPEND_LIMIT_OTHER_WORDING } from '../../electron/sandbox/routes/passes';
import { SPEND_LIMIT_ALERT } from '../../electron/sandbox/tabs/pass-spend';
import type { AcceptedEvent } from '../../shared/webhooks';
import { newRequestId } from '../../shared/request-id';

export const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen' };
export const GARDEN = { uuid: SEED_LOCATIONS.garden, name: 'Garden Terrace' };
export const PASSES = SEED_PASSES;

const seeded = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Harbour catalog (seed.ts): prices in cents. */
export const PRODUCTS = {
  negroni: { uuid: seeded('3d', 1), price: 1400 },
  lager: { uuid: seeded('3d', 3), price: 800 },
  fishAndChips: { uuid: seeded('3d', 5), price: 2200 },
  fries: { uuid: seeded('3d', 6), price: 600 },
  water: { uuid: seeded('3d', 7), price: 400 },
  giftCard25: { uuid: seeded('3d', 8), price: 2500 },
  giftCard50: { uuid: seeded('3d', 9), price: 5000 },
  plastic100: { uuid: seeded('3d', 10), price: 10000 },
  partner25: { uuid: seeded('3d', 11), price: 2500 },
};
export const SPOT_BAR_1 = { uuid: seeded('5b', 1), name: 'Bar Seat 1' };

const temp = tempDirs('venue-tabs-');
export const tempDir = (): string => temp.make();
export const removeTempDirs = (): void => temp.removeAll();

export interface TestCore {
  core: App;
  dataDir: string;
  control: ReturnType<typeof createControlClient>;
  /** The world of the service the core talks to, when it is the embedded sandbox or the kit's own. */
  world: SandboxWorld | null;
  stop(): Promise<void>;
}

/** The webhook secret the kit's own service signs with (as set on a real service's dashboard). */
const SERVICE_WEBHOOK_SECRET = 'whsec-tabs-kit-service';

/** A started core on the embedded sandbox (or `serviceUrl`), Harbour chosen, optionally subscribed. */
export async function startCore(
  options: Partial<AppOptions> & {
    subscribe?: boolean;
    dataDir?: string;
    /** The sandbox answers in these readings from the start. */
    readings?: SandboxReadings;
    /**
     * false: the money units are left for the app to decide from evidence (not confirmed in
     * Settings). Only a real service's units are unknown (the practice venue's are its reading's),
     * so the kit then starts a sandbox of its own as the real service (in `readings`), registers the
     * core's webhook listener with it as a venue does on the dashboard, and stops it with the core.
     */
    confirmUnits?: boolean;
  } = {},
): Promise<TestCore> {
  const dataDir = options.dataDir ?? tempDir();
  let service: RunningSandbox | null = null;
  if (options.confirmUnits === false && !options.serviceUrl)
    service = await startSandbox({ readings: { ...(options.readings ?? readingsFromEnv()) } });
  const core = await createApp({
    runtime: 'headless',
    ...options,
    // The practice venue's units are read from it when the core connects: its reading from the start.
    sandboxOptions: options.readings
      ? { ...options.sandboxOptions, readings: { ...options.readings } }
      : options.sandboxOptions,
    ...(service
      ? { serviceUrl: service.baseUrl, webhook: { secret: SERVICE_WEBHOOK_SECRET, ...options.webhook } }
      : {}),
    dataDir,
  });
  await core.start();
  await signInManager(core.handlers);
  const baseUrl = options.serviceUrl ?? service?.baseUrl ?? core.sandbox()!.baseUrl;
  if (service)
    await createWebhookControlClient(baseUrl).registerEndpoint({
      accessId: DEMO_ACCESS_ID,
      url: core.webhooks.status().url!,
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      secret: SERVICE_WEBHOOK_SECRET,
    });
  const world = service?.world ?? core.sandbox()?.world ?? null;
  // Issued within a few ms, so "pending then issued" is quick but still asynchronous.
  if (world) world.tabs.giftCardTiming = { minDelayMs: 20, maxDelayMs: 60, waitCapMs: 2_000 };
  if (world && options.readings) world.readings = { ...options.readings };
  await core.handlers.tabsSetLocation(HARBOUR);
  if (options.confirmUnits !== false) {
    // The connection's money units, confirmed as a venue confirms them in Settings: its service's.
    const readings = (await (await fetch(`${baseUrl}/_sandbox/readings`)).json()) as {
      readings: Record<'moneySent' | 'moneyAnswers' | 'moneyNumbers', 'cents' | 'dollars'>;
    };
    await core.handlers.tabsSetMoneyUnit('sent', readings.readings.moneySent);
    await core.handlers.tabsSetMoneyUnit('answers', readings.readings.moneyAnswers);
    await core.handlers.tabsSetMoneyUnit('numbers', readings.readings.moneyNumbers);
  }
  if (options.subscribe !== false) await core.handlers.subscribeLocations([HARBOUR.uuid], 'integration');
  return {
    core,
    dataDir,
    world,
    control: createControlClient(baseUrl),
    stop: async () => {
      await core.stop();
      await service?.close();
    },
  };
}

/** The sandbox readings this run uses (VENUE_SANDBOX_READING), for expectations that depend on them. */
export const READINGS = readingsFromEnv();

/** The spend-limit refusal as this run's sandbox words it: body and title. */
export const LIMIT_ALERT =
  READINGS.spendLimitRefusal === 'other-wording'
    ? { alert: SPEND_LIMIT_OTHER_WORDING, title: 'Spending limit' }
    : READINGS.spendLimitRefusal === 'alert-title-body'
      ? { alert: SPEND_LIMIT_ALERT, title: 'Spend limit reached' }
      : { alert: SPEND_LIMIT_ALERT, title: null };

/** Polls `read` until `predicate` holds (real time). */
export async function until<T>(
  read: () => T,
  predicate: (value: T) => boolean,
  timeoutMs = 5_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (predicate(value)) return value;
    if (Date.now() > end)
      throw new Error(`${what} not met in ${timeoutMs} ms; last value: ${JSON.stringify(value).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every event the core's receiver accepted, as projections receive them, oldest first. */
export function acceptedEvents(core: App): AcceptedEvent[] {
  const page = core.webhooks.list({}, 0, 1000);
  const out: AcceptedEvent[] = [];
  for (const row of [...page.rows].reverse()) {
    const detail = core.webhooks.detail(row.seq);
    if (!detail || detail.verification === 'rejected') continue;
    const event = toAccepted(detail.rawBody, row.seq);
    if (event) out.push(event);
  }
  return out;
}

export function toAccepted(rawBody: string, seq: number): AcceptedEvent | null {
  const built = acceptedFromBody(rawBody, { seq, receivedAt: 0, verification: 'verified' });
  return 'event' in built ? built.event : null;
}

/**
 * The payment and item ids a refund names, as the app's refund form gets them: from the service's
 * tab read, else (a service without that route, the other reading) typed from the POS receipt,
 * which here is the sandbox's own record of the tab (cents, like the app).
 */
export async function refundIds(
  t: TestCore,
  tabUuid: string,
): Promise<{
  source: string;
  payment: { id: string; amount: number; tip: number; refundable: number | null };
  items: { id: string; price: number }[];
}> {
  const details = await t.core.handlers.tabDetails(tabUuid);
  if (details.source !== 'none') return { source: details.source, payment: details.payments[0], items: details.items };
  const truth = (await t.control.tab(tabUuid)) as { tab?: Record<string, unknown> } & Record<string, unknown>;
  const tab = (truth.tab ?? truth) as {
    payments: { id: string; amount: number; tip: number; refundableAmount: number }[];
    items: { id: string; price: number }[];
  };
  const p = tab.payments[0];
  return {
    source: 'typed',
    payment: { id: p.id, amount: p.amount, tip: p.tip, refundable: p.refundableAmount },
    items: tab.items,
  };
}

type GiftCardSale = Parameters<App['handlers']['giftCardSell']>[0];

/** A sale of $25 gift cards at Bar Seat 1, answered without waiting for the cards, as the till sends it. */
export function sellGiftCards25(
  core: App,
  quantity: number,
  paymentType: GiftCardSale['paymentType'],
): ReturnType<App['handlers']['giftCardSell']> {
  return core.handlers.giftCardSell(
    {
      spotUuid: SPOT_BAR_1.uuid,
      lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity, label: 'Gift Card $25', unitPrice: 2500 }],
      paymentType,
      wait: false,
    },
    newRequestId(),
  );
}
