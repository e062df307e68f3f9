// Devices that gave the right pairing code and wait for a manager on the hub. The code only shows
// that someone saw the hub's screen or its QR code (or a look-alike hub relayed it); a device pairs
// when a manager, on the hub's Devices tab, sees its name, role, address and check code, compares
// the code with the device's screen, and allows it. Denied, or not allowed within ten minutes, it
// gets nothing. The device asks again for the answer with the secret it chose for the request, so
// only the device that asked is told, and its credential is handed over once.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { DeviceRole, HubPairingRequestView } from '../../../shared/hub';
import { appError } from '../../../shared/app-error';
import { pairingCheckCode, secretDigest } from './pairing-check';

export const REQUEST_LIFETIME_MS = 10 * 60_000;
/** Requests waiting at once; each took a right code, so more than a few is already strange. */
export const MAX_WAITING_REQUESTS = 20;

/** What the device is told when it asks how its request stands. */
export type PairingAnswer =
  | { state: 'waiting'; expiresAt: number }
  | { state: 'allowed'; deviceId: string; credential: string; role: DeviceRole; name: string }
  | { state: 'denied' | 'expired' };

interface Request {
  view: HubPairingRequestView;
  secret: Buffer;
  decision: null | 'denied' | { deviceId: string; credential: string | null };
}

export class PairingRequests {
  private readonly requests = new Map<string, Request>();
  private readonly waiters = new Map<string, Set<() => void>>();

  constructor(
    private readonly fingerprint: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A device gave the right code: it waits for a manager from now on. */
  open(input: { name: string; role: DeviceRole; from: string; secret: string }): HubPairingRequestView {
    this.prune();
    const waiting = [...this.requests.values()].filter((r) => r.decision === null);
    if (waiting.length >= MAX_WAITING_REQUESTS) {
      // The oldest undecided one goes: a flood cannot keep a newer, real device off the list.
      const oldest = waiting[0];
      this.requests.delete(oldest.view.id);
      this.wake(oldest.view.id);
    }
    const at = this.now();
    const view: HubPairingRequestView = {
      id: randomUUID(),
      name: input.name,
      role: input.role,
      from: input.from.startsWith('::ffff:') ? input.from.slice(7) : input.from,
      checkCode: pairingCheckCode(this.fingerprint, input.secret),
      requestedAt: at,
      expiresAt: at + REQUEST_LIFETIME_MS,
    };
    this.requests.set(view.id, { view, secret: secretDigest(input.secret), decision: null });
    return view;
  }

  /** Requests a manager may still decide, oldest first. */
  waiting(): HubPairingRequestView[] {
    this.prune();
    return [...this.requests.values()].filter((r) => r.decision === null).map((r) => r.view);
  }

  /** The request `id`, still undecided; refused as not found otherwise (decided, run out, unknown). */
  undecided(id: string): HubPairingRequestView {
    this.prune();
    const request = this.requests.get(id);
    if (!request || request.decision !== null)
      throw appError('not-found', 'That device no longer waits to pair: it was decided, or its ten minutes ran out', {
        what: 'pairing request',
      });
    return request.view;
  }

  /** A manager allowed it: `issued` is the device the registry made for it. */
  allow(id: string, issued: { deviceId: string; credential: string }): void {
    const request = this.requests.get(id)!;
    request.decision = { deviceId: issued.deviceId, credential: issued.credential };
    this.wake(id);
  }

  deny(id: string): void {
    this.requests.get(id)!.decision = 'denied';
    this.wake(id);
  }

  /** How the request stands, for the device that made it (its secret); allowed, the credential once. */
  answer(id: string, secret: string, handOver = true): PairingAnswer {
    this.prune();
    const request = this.requests.get(id);
    if (!request || !sameDigest(request.secret, secretDigest(secret))) return { state: 'expired' };
    const { decision, view } = request;
    if (decision === null) return { state: 'waiting', expiresAt: view.expiresAt };
    if (decision === 'denied') return { state: 'denied' };
    if (decision.credential === null) return { state: 'expired' };
    const credential = decision.credential;
    // Handed over once: the hub keeps only its hash (device-registry.ts) from here on.
    if (handOver) decision.credential = null;
    return { state: 'allowed', deviceId: decision.deviceId, credential, role: view.role, name: view.name };
  }

  /**
   * Resolves once the answer is no longer "waiting", or after `timeoutMs`. The credential is not
   * handed over by this: whoever waited asks `answer` once it knows the device is still there.
   */
  async wait(id: string, secret: string, timeoutMs: number): Promise<void> {
    const first = this.answer(id, secret, false);
    if (first.state !== 'waiting') return;
    await new Promise<void>((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(id);
        resolve();
      };
      // Never past the request's own end: then it is answered as run out.
      const timer = setTimeout(done, Math.min(timeoutMs, Math.max(0, first.expiresAt - this.now()) + 10));
      timer.unref();
      set.add(done);
    });
  }

  /** Everyone still waiting is answered now (the hub stops). */
  close(): void {
    for (const id of [...this.waiters.keys()]) this.wake(id);
  }

  private wake(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }

  private prune(): void {
    const now = this.now();
    for (const [id, request] of this.requests)
      if (request.view.expiresAt <= now) {
        this.requests.delete(id);
        this.wake(id);
      }
  }
}

function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
