// The app's core: plain Node, no Electron. It composes the services, implements the IPC contract
// and re-emits their changes as the contract's push events. The Electron shell and the headless
// host both run exactly this.
import { join } from 'node:path';
import type { IpcEventMap, IpcHandlers } from '../../shared/contract';
import type { AppSnapshot } from '../../shared/domain';
import { ConnectionService, type ConnectionServiceOptions } from './connection/connection-service';
import { checkService } from './connection/service-check';
import { guardHandlers } from './access-guard';
import { connectionHandlers } from './connection/connection-handlers';
import { laborHandlers } from './labor/labor-handlers';
import { approvalHandlers } from './labor/approval/approval-handlers';
import { LaborService, type LaborTuning } from './labor/labor-service';
import { tipsMoney } from './labor/tips-money';
import { recentSignatureHeaders } from './connection/service-check-probes';
import { PayService } from './labor/pay/pay-service';
import { payHandlers } from './labor/pay/pay-handlers';
import { SalesProjection } from './labor/pay/sales-projection';
import { ScheduleService } from './labor/schedule/schedule-service';
import { scheduleHandlers } from './labor/schedule/schedule-handlers';
import { MemorySecretStore, type SecretStore } from './secrets/secret-store';
import { tabsHandlers } from './tabs/tabs-handlers';
import { TabsService } from './tabs/tabs-service';
import { MoneyUnits } from './money/money-units';
import { FORWARDED_LOG, trimForwardedLog } from './hub/forwarded-log';
import { dismissNotices } from './hub/device-notices';
import { TypedEmitter } from './typed-emitter';
import { WebhookListenerService } from './webhook-listener/listener-service';
import { webhookHandlers } from './webhook-listener/webhook-handlers';
import { TunnelService, type TunnelConnector } from './tunnel/tunnel-service';
import { DataHealth } from './storage/data-health';
import { checkPrivateModes, makeWritesPrivate } from './storage/private-modes';
import { hubHandlers } from './hub/hub-handlers';
import { HubService } from './hub/hub-service';
import { hubModeSaved } from './hub/hub-mode';
import { startVenueHub, type HubOptions, type RunningVenueHub } from './hub/venue-hub';
import { KioskRelay } from './hub/kiosk-relay';
import { PunchGrants } from './hub/punch-grants';
import { PunchReview } from './hub/punch-review';
import { screenErrorHandlers } from './screen-error-log';
import { authorityHandlers } from './authority-handlers';
import { firstStartState, setupHandlers } from './setup/setup-handlers';
import { dispatchRequest, type Dispatch, type RefusedArguments } from './ipc-dispatch';
import { RequestLedger } from './requests/request-ledger';
import { withRequestLedger } from './requests/ledger-handlers';
import { interruptedChecks, outcomeBefores, outcomeChecks } from './requests/outcome-checks';
import { watchInterrupted } from './requests/interrupted';
import { BackupService, type DailyTiming } from './backup/backup-service';
import { backupHandlers } from './backup/backup-handlers';
import { hubAddressHandlers } from './hub/hub-address-handlers';
import { VenueGroup, type VenueGroupTuning } from './group/venue-group';

/** The connection's options the composition root gives (connection-service.ts says what each is). */
type ConnectionRootOptions = Pick<
  ConnectionServiceOptions,
  | 'dataDir'
  | 'fetch'
  | 'serviceUrl'
  | 'accessId'
  | 'accessSecret'
  | 'defaultRedirectPort'
  | 'sandbox'
  | 'openExternal'
  | 'log'
>;

export interface CoreOptions extends ConnectionRootOptions {
  runtime: 'electron' | 'headless';
  /** Absent: secrets are held in memory for this run only. */
  secrets?: SecretStore;
  webhook?: { port?: number; secret?: string };
  /** How the tunnel connects (tests pass a local stand-in; default: the ngrok agent). */
  tunnelConnector?: TunnelConnector;
  /** Clock for the webhook receiver's stale/future checks. */
  now?: () => number;
  /** Clock of PIN sessions and lockouts (tests step it past a session's life); the system clock otherwise. */
  sessionClock?: () => number;
  /** Runs as a locked-down kiosk: the labor kiosk is the only screen until a manager unlocks. */
  kiosk?: boolean;
  /** Labor outbox timing (tests shorten timeouts and settle delays). */
  labor?: Partial<LaborTuning>;
  /**
   * Serve as the venue's hub: the core opens its state (devices, certificate, review queue, with
   * their damage in data health) and starts the TLS server satellites reach when it starts.
   */
  hub?: HubOptions;
  /** Forwarded-punch ids the hub keeps (hub/forwarded-log.ts; tests make it small). */
  forwardedPunchesKept?: number;
  /** Starts the app again into the first-start choice (Electron's relaunch); absent in the host. */
  restart?: () => void;
  /** A group of venues' timing (tests shorten the status heartbeat); the group itself is its file. */
  group?: Partial<VenueGroupTuning>;
  /** The daily backups' timing (tests make it short); false: none in this run. */
  dailyBackups?: Partial<DailyTiming> | false;
  /** scrypt's cost for backup passphrases (tests lower it; every backup names its own). */
  backupKdfN?: number;
}

export interface AppCore {
  handlers: IpcHandlers;
  /** The one dispatcher every transport hands its requests to, with the caller it resolved. */
  dispatch: Dispatch;
  events: TypedEmitter<IpcEventMap>;
  connection: ConnectionService;
  webhooks: WebhookListenerService;
  labor: LaborService;
  schedule: ScheduleService;
  /** Wages, labor cost, tips and payroll files (the hub's own screens only). */
  pay: PayService;
  tabs: TabsService;
  /** Files of the data folder that could not be read, kept aside and reported. */
  dataHealth: DataHealth;
  /** On a hub: its paired devices and certificate, and its TLS server while the core runs. */
  hub: HubService | null;
  hubServer(): RunningVenueHub | null;
  /** On a hub: what kiosk devices forward (roster hashes, queued punches), and the review queue. */
  relay: KioskRelay | null;
  review: PunchReview | null;
  /** What each once request (by device and request id) answered. */
  requests: RequestLedger;
  /** Backups: a manager's, the daily ones, and where they go. */
  backups: BackupService;
  /** The venue's part in a group of venues (group/venue-group.ts); idle when not in one. */
  group: VenueGroup;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<AppCore> {
  const log = options.log ?? (() => {});
  const secrets = options.secrets ?? new MemorySecretStore();
  const events = new TypedEmitter<IpcEventMap>((error) => log(`A push-event listener failed: ${String(error)}`));
  // Whatever the app writes from here on is this user's only (private-modes.ts).
  makeWritesPrivate();
  // First: every store below reports what it could not read here, while it is being loaded.
  const dataHealth = new DataHealth(options.dataDir, options.now ?? Date.now, log);
  dataHealth.events.on('dataHealth', (view) => events.emit('dataHealth', view));
  const damage = dataHealth.sink;
  checkPrivateModes(options.dataDir, damage);
  // The hub's files report their damage like every other file of the data folder.
  const wantsHub =
    options.hub !== undefined && (options.hub.when === 'always' || hubModeSaved(options.dataDir, damage));
  const hubService = wantsHub ? await HubService.open({ dataDir: options.dataDir, log, damage }) : null;
  const connection = new ConnectionService({
    dataDir: options.dataDir,
    secrets,
    fetch: options.fetch,
    serviceUrl: options.serviceUrl,
    accessId: options.accessId,
    accessSecret: options.accessSecret,
    sandbox: options.sandbox,
    defaultRedirectPort: options.defaultRedirectPort,
    openExternal: options.openExternal,
    log,
    damage,
  });
  connection.events.on('connection', (status) => events.emit('connection', status));
  connection.events.on('locations', (view) => events.emit('locations', view));

  const webhooks = new WebhookListenerService({
    dataDir: options.dataDir,
    secrets,
    connection,
    tunnel: new TunnelService({ connect: options.tunnelConnector }),
    port: options.webhook?.port,
    secret: options.webhook?.secret,
    now: options.now,
    log,
    damage,
  });
  webhooks.events.on('webhookStatus', (status) => events.emit('webhookStatus', status));
  webhooks.events.on('webhookCounters', (counters) => events.emit('webhookCounters', counters));
  webhooks.events.on('webhookEvents', (rows) => events.emit('webhookEvents', rows));
  webhooks.events.on('tunnel', (status) => events.emit('tunnel', status));
  webhooks.events.on('webhookSettings', (settings) => events.emit('webhookSettings', settings));

  // One set of money units per connection for every feature (shared/money-units.ts, one unit per
  // family): tabs, passes and gift cards read and send through it, and labor's declared_tips
  // follows the family of the spec's "number" fields.
  const money = new MoneyUnits(join(options.dataDir, 'tabs'), Date.now, log, damage);
  // Before any feature hears of a new client: on the practice venue the units are its reading's
  // from the first amount read; a real service starts from what the file says of it.
  const followMoney = () => money.follow(connection.knownMoneyUnits());
  connection.events.on('client', followMoney);
  connection.events.on('connection', followMoney);
  const labor = new LaborService({
    dataDir: options.dataDir,
    money: () => tipsMoney(money),
    api: () => connection.api(),
    kioskMode: options.kiosk,
    demoStaff: async () => (await connection.sandboxLink()?.demoStaff()) ?? null,
    leftPractice: () => connection.realServiceAnswered(),
    tuning: options.labor,
    sessionClock: options.sessionClock,
    log,
    damage,
  });
  labor.events.on('labor', (view) => events.emit('labor', view));
  // The schedule is kept where the roster is (the hub, or a computer on its own); labor asks it.
  const schedule = new ScheduleService({ dataDir: options.dataDir, labor, log, damage });
  labor.schedule = schedule;

  // Projections are added before webhooks.start(), so the receiver replays the retained log into
  // them: that is what keeps the tabs board and issued gift cards across restarts.
  const tabs = new TabsService({ dataDir: options.dataDir, api: () => connection.api(), log, money, damage });
  for (const projection of tabs.projections()) webhooks.addProjection(projection);
  // Wages, labor cost against the orders' totals, tips and payroll files: the hub's (labor/pay/).
  const sales = new SalesProjection();
  webhooks.addProjection(sales);
  const pay = new PayService({ dataDir: options.dataDir, labor, money, sales, damage });
  labor.tipsSplit = (userId, input, at) => pay.splitFromPunch(userId, input, at);
  tabs.events.on('tabsSettings', (view) => events.emit('tabsSettings', view));
  tabs.events.on('tabsBoard', (view) => events.emit('tabsBoard', view));
  tabs.events.on('tabsGiftCards', (view) => events.emit('tabsGiftCards', view));
  tabs.events.on('tabsNotices', (view) => events.emit('tabsNotices', view));
  connection.events.on('client', () => void labor.onClientChanged());
  connection.events.on('serviceAnswered', () => void labor.onServiceAnswered());
  hubService?.events.on('hubDevices', (devices) => events.emit('hubDevices', devices));

  // The hub's word on forwarded punches: grants prove a PIN was checked on a device, the review
  // queue holds what the hub will not apply on its own.
  let relay: KioskRelay | null = null;
  let review: PunchReview | null = null;
  let closeGrants = () => {};
  if (hubService) {
    const hub = hubService;
    const now = options.now ?? Date.now;
    const grants = new PunchGrants(hub.certificate.key, { dataDir: options.dataDir, now, damage });
    labor.access.grants = grants;
    closeGrants = () => grants.close();
    review = new PunchReview({
      dataDir: options.dataDir,
      now,
      damage,
      apply: (punch) => relay?.apply(punch),
      changed: () => hub.countsChanged(),
    });
    const held = review;
    hub.heldByDevice = () => held.heldByDevice();
    const trimmed = trimForwardedLog(options.dataDir, options.forwardedPunchesKept);
    if (trimmed > 0) log(`hub: the ${trimmed} oldest forwarded-punch ids were trimmed from ${FORWARDED_LOG}`);
    relay = new KioskRelay(labor, options.dataDir, grants, review, now, damage, options.forwardedPunchesKept);
    relay.money = money;
  }

  const snapshot = (): AppSnapshot => ({
    connection: connection.status(),
    locations: connection.locationsView(),
    dataDir: options.dataDir,
    secretStorage: secrets.description,
    runtime: options.runtime,
    labor: labor.view(),
    tabs: tabs.snapshot(),
    dataHealth: dataHealth.view(),
  });

  const checkConfiguredService = () => {
    const status = connection.status();
    return checkService({
      client: connection.api(),
      baseUrl: status.settings.baseUrl,
      signedIn: status.user !== null && !status.user.needsSignIn,
      redirectUrl: status.settings.redirectUrl,
      webhookUrl: webhooks.tunnel.status().publicUrl ?? webhooks.status().url,
      headerPrefix: status.settings.headerPrefix,
      money: tabs.money.current(),
      // What the listener kept: it keeps nothing while it is not running.
      signatures: webhooks.status().state === 'listening' ? recentSignatureHeaders(webhooks) : undefined,
    });
  };

  const firstStart = firstStartState(options.dataDir);
  // A backup takes the event log up to the position the running log reports, the rest as it is.
  const backups = new BackupService({
    dataDir: options.dataDir,
    secrets,
    logPosition: () => webhooks.logPosition(),
    log,
    damage,
    daily: options.dailyBackups,
    kdfN: options.backupKdfN,
  });
  // In a group, the log's publisher hears refunds, edits and review decisions through this tap.
  const group = new VenueGroup(options.dataDir, log, options.group, options.now);
  // Every feature's handlers are a one-line-a-request mapping onto its service.
  const unguarded: IpcHandlers = {
    ...connectionHandlers(connection, { snapshot, checkService: checkConfiguredService }),
    ...webhookHandlers(webhooks, () => connection.sandboxLink()),
    ...laborHandlers(labor, money),
    ...payHandlers(pay),
    ...scheduleHandlers(schedule),
    ...approvalHandlers(labor),
    ...tabsHandlers(
      tabs,
      // Once approved, before the refund goes out, its note is kept with the ledger's start.
      group.tap.approver(
        (pin) => labor.access.approveByManagerPin(pin),
        () => requests.noteAsked(),
      ),
    ),
    dismissDataHealth: async (ids) => dismissNotices(dataHealth, ids),
    ...hubHandlers(hubService, options.dataDir, relay),
    ...authorityHandlers(labor, hubService, review),
    ...setupHandlers({
      dataDir: options.dataDir,
      firstStart,
      hubRunning: hubService !== null,
      restart: options.restart,
    }),
    ...screenErrorHandlers(log),
    ...backupHandlers(backups, { dataDir: options.dataDir, secrets, firstStart, restart: options.restart, log }),
    ...hubAddressHandlers(),
  };
  // Refunds, pass orders, gift-card sales and timesheet edits are written once per request id
  // (shared/contract/semantics.ts); the guard still runs on every repeat.
  const requests = new RequestLedger({ dataDir: options.dataDir, now: options.now, log, damage });
  // In a group, a refund's outcome is kept with a note of what was asked and who approved it, so a
  // hub stopped before publishing it publishes it from the ledger at its next start.
  const remembered = withRequestLedger(
    unguarded,
    requests,
    outcomeChecks(tabs, requests),
    group.enabled ? group.tap.ledgerNotes() : {},
    outcomeBefores(tabs),
  );
  let stopInterrupted = () => {};
  // Authority lives here, not in the screens: see shared/contract/access.ts.
  const guarded = guardHandlers(remembered, {
    // Read on every request: a workstation in kiosk view is locked down the moment it enters it.
    get kiosk() {
      return labor.lockedDown();
    },
    session: (token) => {
      const s = labor.access.sessions.peek(token);
      return s && { userId: s.userId, manager: s.manager };
    },
    requireStaff: (token) => void labor.access.requireStaff(token),
    requireManager: (token) => void labor.access.requireManager(token),
    managerSignedIn: (deviceId) => labor.access.sessions.managerOn(deviceId, true) !== null,
    noManagerPin: () => labor.roster.needsManagerSetup(),
    // A new bar workstation's first till location, like a kiosk's first: anyone here may choose it.
    firstChoiceOpen: (channel) => channel === 'tabsSetLocation' && tabs.settingsView().location === null,
    firstStart: () => firstStart,
  });
  const handlers = group.enabled ? group.tap.wrap(guarded) : guarded;

  // A queued punch the contract refuses can never be recorded: the hub keeps its refusal for the
  // managers' eyes (and its id, so a resend is a duplicate) before the kiosk sets it aside.
  const refusedArguments: RefusedArguments = async (channel, args, caller, message) => {
    const hub = hubService;
    if (channel !== 'hubForwardPunch' || caller.deviceRole !== 'kiosk' || !relay || !hub) return;
    const device = hub.stillAllowed(caller.deviceId);
    if (!device) return;
    await relay.refuseUnreadable(Array.isArray(args) ? args[0] : undefined, device, message);
  };

  const dispatch: Dispatch = (channel, args, caller) =>
    dispatchRequest(handlers, channel, args, caller, refusedArguments);
  let hubServer: RunningVenueHub | null = null;

  return {
    handlers,
    dispatch,
    events,
    connection,
    webhooks,
    labor,
    schedule,
    pay,
    tabs,
    dataHealth,
    hub: hubService,
    hubServer: () => hubServer,
    relay,
    review,
    requests,
    backups,
    group,
    start: async () => {
      await connection.start();
      await webhooks.start();
      await labor.start();
      schedule.start();
      await tabs.start();
      // Requests out with the service when the app stopped: settled by a read once it decides.
      stopInterrupted = watchInterrupted(
        requests,
        interruptedChecks(tabs, requests),
        (changed) => webhooks.events.on('webhookEvents', changed),
        log,
      );
      if (hubService && options.hub) {
        const { when: _when, ...serve } = options.hub;
        hubServer = await startVenueHub({
          ...serve,
          hub: hubService,
          dispatch,
          events,
          log,
        });
      }
      backups.start();
      // A group's leaf node that cannot start leaves the venue working as it does without one.
      await group
        .start({ webhooks, labor, hub: hubService, review, dataHealth, requests })
        .catch((error: unknown) =>
          log(`group: not publishing: ${error instanceof Error ? error.message : String(error)}`),
        );
    },
    stop: async () => {
      // Satellites first: nothing they send may land in a core that is stopping.
      await group.stop();
      stopInterrupted();
      const server = hubServer;
      hubServer = null;
      await server?.close();
      // A backup being written finishes before the stores it reads are closed.
      await backups.stop();
      relay?.close();
      review?.close();
      closeGrants();
      await tabs.stop();
      schedule.stop();
      await labor.stop();
      await webhooks.stop();
      await connection.stop();
      requests.close();
    },
  };
}
