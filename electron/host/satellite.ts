// Satellite mode: this device runs no core of its own. Its screen speaks the same contract as
// always, and every request is carried to the venue hub over the pinned TLS channel, where the
// hub's core checks the device's role and the person's session. The satellite only keeps its
// pairing, reconnects when the hub comes back, and tells its screen how the link is; a kiosk
// device's punch flow goes to the labor core's offline kiosk (core/labor/offline-kiosk.ts), which
// carries it to the hub or keeps it while the hub is away. Its data folder is private to its user
// as the hub's is (private-modes.ts), and what it finds damaged in it reaches its screens with the
// hub's own notices (satellite-health.ts).
import {
  ipcChannels,
  type IpcChannel,
  type IpcEventMap,
  type IpcEventName,
  type IpcHandlers,
} from '../../shared/contract';
import type { SatelliteStatus } from '../../shared/hub';
import { TypedEmitter } from '../core/typed-emitter';
import {
  handOverPunches,
  identityChange,
  pairWithHub,
  normalizeUrl,
  type SatellitePairing,
} from '../core/hub/hub-client';
import { HubLink, HubRefused } from '../core/hub/hub-link';
import { loadPairing, savePairing } from '../core/hub/satellite-store';
import { movedHubPairing } from './moved-hub';
import { looksFor, refindHub, type Rediscovery } from './refind-hub';
import type { LaborView } from '../../shared/labor';
import type { AppSnapshot } from '../../shared/domain';
import { OfflineKiosk } from '../core/labor/offline-kiosk';
import { DataHealth } from '../core/storage/data-health';
import { checkPrivateModes, makeWritesPrivate } from '../core/storage/private-modes';
import type { DataHealthView } from '../../shared/data-health';
import { SatelliteHealth } from './satellite-health';
import { AppError, appError, fromErrorPayload } from '../../shared/app-error';
import { DEVICE_ONLY } from '../core/access-guard';
import { screenErrorHandlers } from '../core/screen-error-log';
import type { ScreenErrorReport } from '../../shared/screen-errors';

export interface SatelliteOptions {
  dataDir: string;
  /** The hub's address (host:port); may change (DHCP) while the pinned certificate stays. */
  hubUrl?: string;
  /** Pair (again) with this code; needed the first time. */
  pairCode?: string;
  deviceName?: string;
  /** Refuse to pair unless the hub presents this certificate fingerprint. */
  expectFingerprint?: string;
  /**
   * Reconnect delays; tests shorten them. Given, a kiosk also sends a punch again this soon
   * after the hub could not record it (its own longer delays otherwise).
   */
  retryMs?: { first: number; max: number };
  /** The kiosk's clock for punches it queues (tests step it). */
  now?: () => number;
  /**
   * Look for the hub on the LAN (mDNS) when its address stops answering, and follow it to where
   * it announces itself with the pinned certificate (refind-hub.ts). Off when absent: the host and
   * the Electron app turn it on; tests pass an in-memory transport.
   */
  discovery?: Rediscovery;
  log?: (line: string) => void;
}

export interface RunningSatellite {
  handlers: IpcHandlers;
  events: TypedEmitter<IpcEventMap>;
  pairing: SatellitePairing;
  status(): SatelliteStatus;
  close(): Promise<void>;
}

const UNREACHABLE = 'The venue hub cannot be reached right now; this device reconnects on its own.';
const IDENTITY_CHANGED =
  'This hub’s identity changed: pair again. The address answers with another certificate than the hub this device was paired with; ask a manager to check the hub, then pair this device anew.';

export async function startSatellite(options: SatelliteOptions): Promise<RunningSatellite> {
  const log = options.log ?? (() => {});
  // The pairing holds this device's credential, the cache the staff's PIN hashes: whatever is
  // written from here on is this user's only, and what is already there is checked (and said).
  makeWritesPrivate();
  // Damage found in the pairing, the queue or the caches is kept aside and reported here.
  const health = new DataHealth(options.dataDir, options.now ?? Date.now, log);
  checkPrivateModes(options.dataDir, health.sink);
  let pairing = loadPairing(options.dataDir, health.sink);
  if (options.pairCode) {
    const url = options.hubUrl ?? pairing?.url;
    // Start-up options of the host's command line: said on the terminal, never on a screen.
    if (!url) throw new Error('Give the hub address to pair with (--satellite host:port)');
    pairing = await pairWithHub({
      url,
      code: options.pairCode,
      name: options.deviceName ?? 'Satellite',
      expectFingerprint: options.expectFingerprint,
      onWaiting: (pending) =>
        log(
          `Waiting for a manager to allow this device on the hub's Devices tab (until ${new Date(pending.expiresAt).toLocaleTimeString()}). This device's check code: ${pending.checkCode}. The hub must show the same check code beside "${options.deviceName ?? 'Satellite'}"; if it does not, the manager denies it.`,
        ),
    });
    savePairing(options.dataDir, pairing);
    log(
      `Paired with the hub at ${pairing.url} as "${pairing.name}" (${pairing.role}); hub certificate ${pairing.fingerprint}`,
    );
  }
  if (!pairing)
    throw new Error('This device is not paired with a hub yet: give --pair-code with the code the hub shows');
  if (options.hubUrl && normalizeUrl(options.hubUrl) !== pairing.url) {
    // The hub moved address; the certificate pin is what keeps this safe.
    pairing = { ...pairing, url: normalizeUrl(options.hubUrl) };
    savePairing(options.dataDir, pairing);
  }
  // Replaced when a person says where the hub is now (moveHub); the pinned certificate stays.
  let paired = pairing;
  const events = new TypedEmitter<IpcEventMap>((error) => log(`A push-event listener failed: ${String(error)}`));
  // The hub's notices and this device's own, as one list for its screens.
  const notices = new SatelliteHealth(health, (view) => events.emit('dataHealth', view));
  const retry = options.retryMs ?? { first: 500, max: 5000 };
  let link: HubLink | null = null;
  let linkState: 'connected' | 'connecting' | 'revoked' | 'identity-changed' = 'connecting';
  /** Set while the hub's address answers with another certificate than the pinned one. */
  let changedIdentity: AppError<'hub-identity-changed'> | null = null;
  let message: string | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = retry.first;

  const status = (): SatelliteStatus => ({
    mode: 'satellite',
    hubAddress: paired.url,
    fingerprint: paired.fingerprint,
    deviceName: paired.name,
    role: paired.role,
    link: linkState,
    message,
    waitingPunches: kiosk?.waiting ?? 0,
    pairingRequest: null,
  });
  const setState = (next: typeof linkState, why: string | null) => {
    if (next === linkState && why === message) return;
    linkState = next;
    message = why;
    events.emit('satellite', status());
    if (next === 'revoked') void handOver();
  };
  // Revoked with punches still queued: they go to the hub's review queue for a manager to decide.
  let handingOver: Promise<void> | null = null;
  const handOver = (): Promise<void> =>
    (handingOver ??= (async () => {
      if (!kiosk || kiosk.waiting === 0) return;
      try {
        await kiosk.handOver((punches) => handOverPunches(paired, punches));
        log('Handed the queued punches to the hub for a manager to review');
      } catch (error) {
        log(`Handing the queued punches to the hub failed: ${String(error)}`);
      } finally {
        handingOver = null;
      }
    })());

  // Only a kiosk keeps working without the hub; other roles need the hub for everything they do.
  const kiosk =
    paired.role === 'kiosk'
      ? new OfflineKiosk({
          dataDir: options.dataDir,
          link: () => link,
          now: options.now,
          resendMs: options.retryMs,
          onView: (view) => events.emit('labor', view),
          onWaiting: () => (events.emit('satellite', status()), report()),
          log,
          damage: health.sink,
        })
      : null;

  const connect = async () => {
    timer = null;
    if (closed) return;
    try {
      const opened = await HubLink.open(paired, {
        onEvent: (event, payload) => {
          if (event === 'labor') kiosk?.seenView(payload as LaborView);
          if (event === 'dataHealth') {
            notices.fromHub(payload as DataHealthView);
            return events.emit('dataHealth', notices.view());
          }
          events.emit(event as IpcEventName, payload as never);
        },
        onClose: (revoked) => {
          link = null;
          kiosk?.linkClosed();
          if (revoked)
            return setState(
              'revoked',
              'This device was revoked by a manager on the venue hub. Ask a manager to pair it again.',
            );
          setState('connecting', UNREACHABLE);
          schedule();
        },
      });
      if (closed) return opened.close();
      link = opened;
      changedIdentity = null;
      delay = retry.first;
      setState('connected', null);
      report();
      if (kiosk)
        void kiosk.connected(opened).catch((error: unknown) => log(`Sending queued punches failed: ${String(error)}`));
    } catch (error) {
      if (error instanceof HubRefused && error.reason !== 'unreachable') {
        // Revoked or forgotten by the hub: retrying would change nothing.
        log(error.message);
        return setState('revoked', error.message);
      }
      // The pin refused the hub's certificate: said as such, never as "offline". Retrying goes on,
      // so the hub that was paired is taken back if it returns at this address.
      changedIdentity = await identityChange(paired);
      if (closed) return;
      if (await followMovedHub()) return schedule();
      if (changedIdentity) setState('identity-changed', IDENTITY_CHANGED);
      else setState('connecting', UNREACHABLE);
      schedule();
    }
  };
  // The hub shows this device's clock skew and queue length on its Devices list.
  const report = () => {
    const open = link;
    if (open?.open)
      void open
        .deviceRequest('hubDeviceReport', [{ at: (options.now ?? Date.now)(), waiting: kiosk?.waiting ?? 0 }])
        .catch(() => undefined);
  };
  /**
   * The hub does not answer at its address: listen for it on the LAN (at most every `everyMs`), and
   * when it announces itself elsewhere with the pinned certificate, keep that address and try it.
   */
  let lastLook = -Infinity;
  const followMovedHub = async (): Promise<boolean> => {
    const discovery = options.discovery;
    if (!discovery || !looksFor(paired.url, discovery)) return false;
    if (Date.now() - lastLook < (discovery.everyMs ?? 30_000)) return false;
    lastLook = Date.now();
    let url: string | null;
    try {
      url = await refindHub(paired, discovery);
    } catch (error) {
      log(`Looking for the hub on the network failed: ${String(error)}`);
      return false;
    }
    if (!url || closed) return false;
    const from = paired.url;
    paired = { ...paired, url };
    savePairing(options.dataDir, paired);
    log(`The hub moved from ${from} to ${url} (heard on the network, same certificate ${paired.fingerprint})`);
    changedIdentity = null;
    delay = retry.first;
    return true;
  };
  /** The connection attempt under way, so a moved address never opens a second link beside it. */
  let attempt: Promise<void> | null = null;
  const tryConnect = () => (attempt ??= connect().finally(() => (attempt = null)));
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => void tryConnect(), delay);
    delay = Math.min(retry.max, delay * 2);
  };
  /** The hub is at `address` now (moved-hub.ts): kept, and tried at once. */
  const moveHub = async (address: string): Promise<SatelliteStatus> => {
    if (link?.open)
      throw appError('conflict', `This device is connected to the hub at ${paired.url}: it has not moved`, {
        what: 'hub address',
      });
    const moved = await movedHubPairing(paired, address);
    await attempt;
    paired = moved;
    savePairing(options.dataDir, paired);
    log(`The hub's address is now ${paired.url} (given on this device's screen)`);
    if (timer) clearTimeout(timer);
    timer = null;
    delay = retry.first;
    await tryConnect();
    return status();
  };
  await tryConnect();

  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  // This screen's failures are this device's to log: the hub never hears them.
  const screenErrors = screenErrorHandlers(log);
  for (const channel of ipcChannels) {
    handlers[channel] = async (...args) => {
      if (channel === 'satelliteStatus') return status();
      if (channel === 'satelliteMoveHub') return moveHub(String(args[0]));
      if (channel === 'reportScreenError') return screenErrors.reportScreenError(args[0] as ScreenErrorReport);
      // The device's own link traffic is never its screen's to send (PIN hashes stay off screens).
      if (channel === 'hubKioskRoster' || channel === 'hubForwardPunch' || channel === 'hubDeviceReport')
        throw new AppError('forbidden', DEVICE_ONLY, { by: 'venue' });
      if (channel === 'satelliteFindHubs' || channel === 'satelliteCheckHub' || channel === 'satellitePair') {
        throw appError(
          'conflict',
          `This device is already paired with the hub at ${paired.url}; to pair it anew, move its satellite.json away`,
          { what: 'pairing' },
        );
      }
      if (kiosk && linkState !== 'revoked') {
        // The punch flow goes through the kiosk's queue, with the hub or without it.
        if (channel === 'laborIdentify') return kiosk.identify(args[0] as Parameters<OfflineKiosk['identify']>[0]);
        if (channel === 'laborPunch')
          return kiosk.punch(args[0] as string, args[1] as Parameters<OfflineKiosk['punch']>[1]);
        if (channel === 'laborEndSession') return (kiosk.endSession(args[0] as string), null);
        if (channel === 'laborView' && !link?.open && kiosk.cachedView) return kiosk.cachedView;
        if (channel === 'getSnapshot' && !link?.open && kiosk.cachedSnapshot)
          return notices.snapshot(kiosk.cachedSnapshot);
      }
      if (channel === 'dismissDataHealth')
        return notices.dismiss(
          args[0] as string[],
          (ids) => viaHub('dismissDataHealth', [ids]) as Promise<DataHealthView>,
          { venue: paired.role !== 'kiosk' },
        );
      const result = await viaHub(channel, args);
      if (channel === 'laborView') kiosk?.seenView(result as LaborView);
      if (channel === 'getSnapshot') {
        kiosk?.seenSnapshot(result as AppSnapshot);
        return notices.snapshot(result as AppSnapshot);
      }
      return result;
    };
  }
  /** A request carried to the hub as the screen made it. */
  async function viaHub(channel: IpcChannel, args: unknown[]): Promise<unknown> {
    if (linkState === 'revoked')
      throw new AppError('revoked', message ?? 'This device was revoked by the venue hub', {
        waitingPunches: kiosk?.waiting ?? 0,
      });
    if (!link?.open) throw changedIdentity ?? appError('unreachable', message ?? UNREACHABLE);
    const outcome = await link.request(channel, args);
    if (!outcome.ok) throw fromErrorPayload(outcome.error);
    return outcome.result;
  }

  return {
    handlers: handlers as unknown as IpcHandlers,
    events,
    pairing: paired,
    status,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      link?.close();
      kiosk?.close();
    },
  };
}
