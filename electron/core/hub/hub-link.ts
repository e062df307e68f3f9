// One open contract channel from a satellite to its hub: requests by id, push events, and why it
// closed (revoked is told apart from a dropped network, because the screen says different things).
// Requests follow the shared request client's rules (shared/request-client.ts), as the renderer's
// own bridge does: refused at once as "not sent" while the link is down, failed the moment it closes.
import type { ErrorPayload } from '../../../shared/app-error';
import type { IpcErrorPayload } from '../../../shared/contract';
import { RequestClient } from '../../../shared/request-client';
import type WebSocket from 'ws';
import { openHubSocket, type SatellitePairing } from './hub-client';
import { REVOKED_CLOSE_CODE } from './hub-server';

/** What a device asks the hub for itself, over its link (shared/contract/hub.ts). */
export type DeviceChannel = 'hubKioskRoster' | 'hubForwardPunch' | 'hubDeviceReport';

export type LinkOutcome = { ok: true; result: unknown } | { ok: false; error: IpcErrorPayload };

export class HubRefused extends Error {
  constructor(
    message: string,
    readonly reason: 'revoked' | 'unauthorized' | 'unreachable',
  ) {
    super(message);
  }
}

const REVOKED: ErrorPayload = {
  kind: 'forbidden',
  data: { by: 'venue' },
  message: 'This device was revoked by the venue hub',
};

/** A Wi-Fi drop leaves a socket that never closes: no pong for this long and the link is ended. */
const HEARTBEAT_MS = 5_000;
/**
 * A device request the hub has not answered by then fails: `timed-out` for the roster and report,
 * `outcome-unknown` for a punch, which simply stays queued and goes again under its own id.
 */
const REQUEST_TIMEOUT_MS = 15_000;

export interface HubLinkHandlers {
  onEvent?: (event: string, payload: unknown) => void;
  /** The channel ended; `revoked` when the hub said this device is revoked. */
  onClose?: (revoked: boolean) => void;
}

export class HubLink {
  private readonly client: RequestClient;
  private revoked = false;

  private readonly heartbeat: NodeJS.Timeout;

  private constructor(
    private readonly ws: WebSocket,
    handlers: HubLinkHandlers,
  ) {
    // No queue: a satellite's screen says at once that the hub is offline rather than wait on it.
    this.client = new RequestClient({
      transport: { isOpen: () => this.open, send: (frame) => ws.send(frame) },
      peer: 'the venue hub',
      whileDown: 'refuse',
    });
    let alive = true;
    ws.on('pong', () => (alive = true));
    this.heartbeat = setInterval(() => {
      if (!alive) return void ws.terminate();
      alive = false;
      ws.ping();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    ws.on('message', (data) => {
      let message: { event?: unknown; payload?: unknown; revoked?: unknown };
      try {
        message = JSON.parse(data.toString()) as typeof message;
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null) return;
      if (message.revoked) this.revoked = true;
      else if (typeof message.event === 'string') handlers.onEvent?.(message.event, message.payload);
      else this.client.message(message);
    });
    ws.on('close', (code) => {
      clearInterval(this.heartbeat);
      const revoked = this.revoked || code === REVOKED_CLOSE_CODE;
      this.client.closed(revoked ? REVOKED : undefined);
      handlers.onClose?.(revoked);
    });
  }

  /** Resolves once the hub accepted the credential; rejects with a HubRefused saying why not. */
  static open(pairing: SatellitePairing, handlers: HubLinkHandlers = {}): Promise<HubLink> {
    const ws = openHubSocket(pairing);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new HubLink(ws, handlers)));
      ws.once('unexpected-response', (_req, res) => {
        const refused = String(res.headers['x-venue-refused'] ?? '');
        ws.terminate();
        if (refused === 'revoked')
          reject(
            new HubRefused(
              'This device was revoked by a manager on the venue hub. Ask a manager to pair it again.',
              'revoked',
            ),
          );
        else if (res.statusCode === 401)
          reject(
            new HubRefused(
              `The venue hub does not know this device (HTTP ${res.statusCode}). Pair it again.`,
              'unauthorized',
            ),
          );
        // Anything else is a hub that cannot take the device right now, not a verdict on it: a hub
        // that is stopping answers 503 (its socket server closes before its port does), and a
        // kiosk told "pair again" then stopped retrying and refused punches until restarted.
        else
          reject(
            new HubRefused(`The venue hub cannot take this device right now (HTTP ${res.statusCode})`, 'unreachable'),
          );
      });
      ws.once('error', (error) =>
        reject(new HubRefused(`The venue hub cannot be reached: ${error.message}`, 'unreachable')),
      );
    });
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  /**
   * A screen's request. No timeout of our own: a refund the hub is still sending must not look
   * failed and be tried again; a dead link is found by the heartbeat instead.
   */
  request(channel: string, args: unknown[]): Promise<LinkOutcome> {
    return this.client.call(channel, args, null);
  }

  /**
   * The device's own requests (roster hashes, queued punches, its clock and queue report): never a
   * screen's. Punches carry their id, so a late answer costs nothing: the punch is sent again and
   * the hub answers "duplicate".
   */
  deviceRequest(channel: DeviceChannel, args: unknown[]): Promise<LinkOutcome> {
    return this.client.call(channel, args, REQUEST_TIMEOUT_MS);
  }

  close(): void {
    this.ws.close();
  }
}
