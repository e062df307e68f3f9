// A kiosk device of a venue hub, which keeps taking punches when it loses the hub. Every punch is
// queued durably with its id first (kiosk-queue.ts) and then forwarded in capture order; the hub
// accepts each id once, so a punch whose answer was lost in a drop is simply sent again. While the
// hub is unreachable, PINs are checked against the last copy of the roster's hashes
// (kiosk-sign-in.ts: never manager rights, managing waits for the hub), an offline punch says so
// and goes to the hub's review queue, and the board shows the queued punches (the board's own
// projection step, board.ts). The copy follows the hub's staff list while the link is up: every
// board the hub pushes carries its list's stamp, and a stamp that differs from the copy's fetches
// the copy again at once (a PIN removed on the hub stops working here before the next outage).
import { randomUUID } from 'node:crypto';
import type { AppSnapshot } from '../../../shared/domain';
import type { ForwardedPunch, ForwardOutcome, KioskStaff } from '../../../shared/hub';
import type { BoardRow, IdentifyInput, LaborView, PunchInput, PunchReceipt, StaffSession } from '../../../shared/labor';
import { AppError, appError, fromErrorPayload, readErrorPayload } from '../../../shared/app-error';
import type { HubLink } from '../hub/hub-link';
import type { DamageSink } from '../storage/data-health';
import { layPunch, PUNCH_KIND } from './board';
import { loadKioskCache, saveKioskCache } from './kiosk-cache';
import { KioskQueue } from './kiosk-queue';
import { KioskSignIn, type KioskSessionHolder } from './kiosk-sign-in';
import { kioskRosterStamp } from './kiosk-roster';

/** What the kiosk asks of its open channel to the hub. */
export type KioskHubLink = Pick<HubLink, 'open' | 'request' | 'deviceRequest'>;

export interface OfflineKioskOptions {
  dataDir: string;
  link: () => KioskHubLink | null;
  now?: () => number;
  /** The board or the waiting count changed: the screen hears it. */
  onView: (view: LaborView) => void;
  onWaiting: (count: number) => void;
  log?: (line: string) => void;
  /** Where damaged files are reported (the data-health notices). */
  damage?: DamageSink;
  /** Delays of sending the queue again after the hub answered that it could not record a punch. */
  resendMs?: { first: number; max: number };
}

/** Long enough that a hub whose disk is failing is not asked (and does not log) every moment. */
const RESEND_MS = { first: 5_000, max: 5 * 60_000 };

export class OfflineKiosk {
  private roster: KioskStaff[];
  /** The stamp of this copy's own content, as the hub stamps its list (kiosk-roster.ts). */
  private rosterStamp: string;
  private rosterCheckedAt: number | null;
  /** The stamp of the last board the hub sent over the open link. */
  private hubStamp: string | null = null;
  private rosterRefresh: Promise<void> | null = null;
  private refreshAgain = false;
  private view: LaborView | null;
  private snapshot: AppSnapshot | null;
  private readonly queue: KioskQueue;
  private readonly signIn: KioskSignIn;
  private draining: Promise<void> | null = null;
  /** The hub's answer to recent punches, for the screen that is waiting on one. */
  private readonly outcomes = new Map<string, ForwardOutcome>();
  private readonly now: () => number;
  /** Set while a resend waits: the hub answered, but could not record the first queued punch. */
  private resendTimer: NodeJS.Timeout | null = null;
  private resendDelay: number;
  private closed = false;

  constructor(private readonly options: OfflineKioskOptions) {
    this.now = options.now ?? Date.now;
    this.resendDelay = (options.resendMs ?? RESEND_MS).first;
    this.queue = new KioskQueue(options.dataDir, this.now, options.damage);
    const cache = loadKioskCache(options.dataDir, this.now, options.damage);
    this.roster = cache.roster;
    this.rosterStamp = kioskRosterStamp(cache.roster);
    this.rosterCheckedAt = cache.rosterCheckedAt;
    this.view = cache.view;
    this.snapshot = cache.snapshot;
    this.signIn = new KioskSignIn({
      dataDir: options.dataDir,
      now: this.now,
      damage: options.damage,
      roster: () => this.roster,
      rosterCheckedAt: () => this.rosterCheckedAt,
      locationUuid: () => this.view?.location?.uuid ?? null,
    });
  }

  /** A kiosk restarted while the hub is away still opens on its board: the last snapshot, with today's queue on it. */
  get cachedSnapshot(): AppSnapshot | null {
    return this.snapshot && { ...this.snapshot, labor: this.view ?? this.snapshot.labor };
  }

  seenSnapshot(snapshot: AppSnapshot): void {
    this.snapshot = snapshot;
    if (snapshot.labor) this.view = snapshot.labor;
    this.heardStamp(snapshot.labor?.rosterStamp);
    this.saveCache();
  }

  /** The last board this kiosk saw, with its own queued punches on it. */
  get cachedView(): LaborView | null {
    return this.view;
  }

  get waiting(): number {
    return this.queue.size;
  }

  /** The hub is back: refresh the roster copy, then send what waited. */
  async connected(link: KioskHubLink): Promise<void> {
    this.hubStamp = null;
    await this.refreshRoster(link);
    await this.drain();
  }

  seenView(view: LaborView): void {
    this.view = view;
    this.heardStamp(view.rosterStamp);
    this.saveCache();
  }

  /**
   * The link closed: while it was up every change of the hub's list was pushed here, so a copy
   * that matched the hub's last stamp was current until now.
   */
  linkClosed(): void {
    if (this.rosterStamp === this.hubStamp && !this.rosterRefresh) {
      this.rosterCheckedAt = this.now();
      this.saveCache();
    }
    this.hubStamp = null;
  }

  /** A board from the hub: its list's stamp confirms the copy, or fetches it again. */
  private heardStamp(stamp: string | undefined): void {
    const link = this.options.link();
    if (stamp === undefined || !link?.open) return;
    this.hubStamp = stamp;
    if (stamp === this.rosterStamp) this.rosterCheckedAt = this.now();
    else void this.refreshRoster(link);
  }

  /**
   * One fetch at a time; a stamp heard during one that the fetched copy does not match fetches
   * again. The copy's stamp is its own content's (kiosk-roster.ts), so a change that crosses a
   * fetch on the wire is never taken for the copy.
   */
  private refreshRoster(link: KioskHubLink): Promise<void> {
    if (this.rosterRefresh) {
      this.refreshAgain = true;
      return this.rosterRefresh;
    }
    this.rosterRefresh = (async () => {
      do {
        this.refreshAgain = false;
        const roster = await link.deviceRequest('hubKioskRoster', []);
        if (!roster.ok || this.closed) return;
        this.roster = roster.result as KioskStaff[];
        this.rosterStamp = kioskRosterStamp(this.roster);
        this.rosterCheckedAt = this.now();
        this.saveCache();
      } while (this.refreshAgain && this.hubStamp !== this.rosterStamp && link.open);
    })()
      .catch((error: unknown) => this.options.log?.(`Refreshing the staff list copy failed: ${String(error)}`))
      .finally(() => {
        this.rosterRefresh = null;
      });
    return this.rosterRefresh;
  }

  async identify(input: IdentifyInput): Promise<StaffSession> {
    const link = this.options.link();
    if (link?.open) {
      const askedAt = this.now();
      const outcome = await link.request('laborIdentify', [input]);
      if (outcome.ok) return this.signIn.adopt(outcome.result as StaffSession, askedAt);
      if (link.open) throw fromErrorPayload(outcome.error);
    }
    return this.signIn.identify(input);
  }

  /**
   * Signing out ends the session's grant on the hub: not while this session's punch still waits
   * here to be sent (a hub that answered "try again"), or the hub would refuse it when it comes.
   * The hub's session then simply times out.
   */
  endSession(token: string): void {
    const grant = this.signIn.holder(token)?.punchGrant;
    this.signIn.end(token);
    const link = this.options.link();
    if (!link?.open) return;
    if (grant && this.queue.oldest(this.queue.size).some((p) => p.grant === grant)) return;
    void link.request('laborEndSession', [token]);
  }

  async punch(token: string, input: PunchInput): Promise<PunchReceipt> {
    const holder = this.signIn.holder(token);
    if (!holder) throw new AppError('pin-required', 'Your session has ended: enter your PIN again', { role: 'staff' });
    const punch: ForwardedPunch = {
      punchId: input.punchId ?? randomUUID(),
      userId: holder.userId,
      action: input.action,
      ...(input.role ? { role: input.role } : {}),
      ...(input.declaredTipsCents !== undefined ? { declaredTipsCents: input.declaredTipsCents } : {}),
      // A manager at this kiosk letting an early punch-in through: the hub checks their session.
      ...(input.managerToken ? { managerToken: input.managerToken } : {}),
      // Kind, attestation and note reach the hub with the punch (time-card approval lives there).
      ...(input.breakKind ? { breakKind: input.breakKind } : {}),
      ...(input.breakPaid !== undefined ? { breakPaid: input.breakPaid } : {}),
      ...(input.attestation ? { attestation: input.attestation } : {}),
      ...(input.note ? { note: input.note } : {}),
      // The cash/card split of the tips is the hub's to keep (labor/pay/).
      ...(input.tipsCardCents !== undefined ? { tipsCardCents: input.tipsCardCents } : {}),
      capturedAt: this.now(),
      // The hub records it only with its own grant for this person on this kiosk; a punch of an
      // offline session, or of a name tap the hub opened, says so and waits for a manager there.
      ...(holder.punchGrant ? { grant: holder.punchGrant } : holder.nameTap ? { nameTap: true } : { offline: true }),
    };
    if (!this.queue.has(punch.punchId)) {
      this.queue.add(punch);
      this.options.onWaiting(this.queue.size);
    }
    // In order: punches queued while the hub was away go first, or the hub would see this one
    // (a punch-out, say) before the punch-in it follows.
    await this.drain();
    const outcome = this.outcomes.get(punch.punchId) ?? null;
    if (outcome?.status === 'refused')
      throw fromErrorPayload(
        readErrorPayload(outcome.problem) ?? appError('invalid', outcome.message, { field: null }).toPayload(),
      );
    if (!outcome) this.applyLocally(punch, holder);
    return {
      punchIds: [punch.punchId],
      action: punch.action,
      at: punch.capturedAt,
      userId: holder.userId,
      name: holder.name,
      role: punch.role?.role ?? this.view?.board.rows.find((r) => r.userId === holder.userId)?.role ?? null,
      waitingToSync: this.queue.size,
    };
  }

  /**
   * Sends every queued punch in order (punches added meanwhile included); stops at the first one
   * the link cannot carry. One drain at a time, so the hub always sees the kiosk's order.
   */
  async drain(): Promise<void> {
    while (this.draining) await this.draining;
    this.draining = (async () => {
      for (;;) {
        const next = this.queue.first();
        if (!next || !(await this.forward(next))) return;
      }
    })();
    try {
      await this.draining;
    } finally {
      this.draining = null;
    }
  }

  /**
   * Revoked: the punches still queued go to the hub's review queue, the one door a revoked
   * credential opens, where a manager accepts or rejects each. Marked done as the hub answers.
   */
  async handOver(
    send: (punches: ForwardedPunch[]) => Promise<{ punchId: string; outcome: ForwardOutcome }[]>,
  ): Promise<void> {
    while (this.draining) await this.draining.catch(() => undefined);
    while (this.queue.size > 0) {
      const outcomes = await send(this.queue.oldest(100));
      if (outcomes.length === 0) return;
      for (const { punchId, outcome } of outcomes) {
        if (this.queue.settle(punchId, outcome)) this.outcomes.set(punchId, outcome);
      }
      this.options.onWaiting(this.queue.size);
    }
  }

  close(): void {
    this.closed = true;
    if (this.resendTimer) clearTimeout(this.resendTimer);
    this.resendTimer = null;
    this.queue.close();
  }

  /** Null when the hub could not be asked (the punch stays queued). */
  private async forward(punch: ForwardedPunch): Promise<ForwardOutcome | null> {
    const link = this.options.link();
    if (!link?.open) return null;
    const answer = await link.deviceRequest('hubForwardPunch', [punch]);
    // A punch the hub can never read is set aside with its reason; any other failure keeps it
    // queued. A lost link is sent again on reconnecting; a hub that answered but could not record
    // it (a failed write there) is asked again after a while, or the punch would wait for the
    // next punch or reconnect.
    if (!answer.ok && answer.error.kind !== 'invalid') {
      if (link.open) this.resendLater();
      return null;
    }
    this.resendDelay = (this.options.resendMs ?? RESEND_MS).first;
    const outcome: ForwardOutcome = answer.ok
      ? (answer.result as ForwardOutcome)
      : { status: 'refused', message: answer.error.message };
    this.outcomes.set(punch.punchId, outcome);
    if (this.outcomes.size > 1000) this.outcomes.delete(this.outcomes.keys().next().value as string);
    if (this.queue.settle(punch.punchId, outcome)) {
      this.options.onWaiting(this.queue.size);
      if (outcome.status === 'refused')
        this.options.log?.(`The hub refused a queued punch (${punch.action} of ${punch.userId}): ${outcome.message}`);
    }
    return outcome;
  }

  private resendLater(): void {
    if (this.closed || this.resendTimer) return;
    const delay = this.resendDelay;
    this.resendDelay = Math.min((this.options.resendMs ?? RESEND_MS).max, delay * 2);
    this.resendTimer = setTimeout(() => {
      this.resendTimer = null;
      this.drain().catch((error: unknown) => this.options.log?.(`Sending queued punches failed: ${String(error)}`));
    }, delay);
  }

  /** The board as this kiosk now knows it, until the hub's own board comes back. */
  private applyLocally(punch: ForwardedPunch, holder: KioskSessionHolder): void {
    if (!this.view) return;
    const rows = new Map<string, BoardRow>(this.view.board.rows.map((r) => [r.userId, { ...r }]));
    const laid = {
      userId: punch.userId,
      kind: PUNCH_KIND[punch.action],
      at: punch.capturedAt,
      name: holder.name,
      role: punch.role?.role ?? null,
    };
    layPunch(rows, laid, true, (row) => row);
    const board = { ...this.view.board, rows: [...rows.values()].sort((a, b) => a.shiftStart - b.shiftStart) };
    // Someone the hub's last board had as late or a no-show has come: not shown as missing any more.
    const came = (a: { userId: string }) => punch.action === 'punch-in' && a.userId === punch.userId;
    const scheduleAlerts = this.view.scheduleAlerts?.filter((a) => !came(a));
    this.view = { ...this.view, board, ...(scheduleAlerts ? { scheduleAlerts } : {}) };
    this.saveCache();
    this.options.onView(this.view);
  }

  private saveCache(): void {
    saveKioskCache(this.options.dataDir, {
      roster: this.roster,
      view: this.view,
      snapshot: this.snapshot,
      rosterCheckedAt: this.rosterCheckedAt,
    });
  }
}
