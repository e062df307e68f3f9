// The hub's review queue: forwarded punches it will not apply on its own word (taken offline or on
// a name tap, a capture time far from the hub's clock, tips over the manager's limit, a session
// that had ended), and the ones it refused, each with the device, the person and the reason. A
// manager approves (optionally correcting the time or the tips) or rejects each held punch, or many
// at once, or purges everything one device left; an approved punch is captured with its own id,
// so it lands once however often the approval is repeated or replayed after a crash. A punch is in
// the queue only once the file holds it: the hub answers for it only then (review-store.ts).
//
// Every door into it has a bound, per device, live or revoked alike (a stolen kiosk credential
// filled it with 5 000 punches in 107 s): at most HELD_PER_DEVICE held at once, the newest
// REFUSED_LISTED_PER_DEVICE refusals listed (older ones counted, not listed), and new items at a
// rate a device's honest catch-up after an outage fits in. Past a bound the device is told to try
// again later (rate-limited) and keeps its punch; nothing is written.
import type {
  BulkDecision,
  PunchReviewItem,
  PunchReviewView,
  ReviewDecision,
  ReviewRules,
} from '../../../shared/authority';
import { AppError, type ErrorPayload } from '../../../shared/app-error';
import type { DamageSink } from '../storage/data-health';
import type { ForwardedPunch } from './kiosk-relay';
import { ReviewStore, type ReviewItem, type ReviewLine } from './review-store';

/** Default limit of declared tips on one punch before a manager looks at it. */
export const DEFAULT_TIP_LIMIT_CENTS = 50_000;
/** Decided and refused items stay listed this long. */
const KEEP_DECIDED_MS = 14 * 24 * 3600_000;
/** Punches one device may leave waiting for a manager at once. */
export const HELD_PER_DEVICE = 500;
/** A device's refusals listed; an older one leaves the list (counted) when a new one comes. */
export const REFUSED_LISTED_PER_DEVICE = 100;
/** A device's decided punches listed; the oldest decisions leave first. */
export const DECIDED_LISTED_PER_DEVICE = 500;
/**
 * New items (held or refused) a device may add at once, and per minute after that: a kiosk back
 * from a day offline at a busy venue brings about 200; a device sending more waits.
 */
export const DEVICE_BURST = 200;
export const DEVICE_PER_MINUTE = 60;
/** Managers' screens hear of changes at most this often (each one reloads the whole list). */
const CHANGED_EVERY_MS = 250;
const SWEEP_EVERY_MS = 60_000;

export interface PunchReviewOptions {
  dataDir: string;
  now: () => number;
  damage?: DamageSink;
  /** Records an approved punch in the timesheet (its id makes a repeat a no-op). */
  apply: (punch: ForwardedPunch) => void;
  changed?: () => void;
}

type Entry = Omit<PunchReviewItem, 'status' | 'decidedBy' | 'decidedAt' | 'message' | 'problem'>;
type Who = { userId: string; name: string };

export class PunchReview {
  private readonly store: ReviewStore;
  /** Per device: how many new items it may still add now, as of when. */
  private readonly budgets = new Map<string, { tokens: number; at: number }>();
  private heldCounts: Map<string, number> | null = null;
  private lastSweep = 0;
  private changedTimer: NodeJS.Timeout | null = null;
  private changedAt = -Infinity;

  constructor(private readonly options: PunchReviewOptions) {
    this.store = new ReviewStore({
      dataDir: options.dataDir,
      now: options.now,
      damage: options.damage,
      defaultTipLimitCents: DEFAULT_TIP_LIMIT_CENTS,
    });
  }

  get tipLimitCents(): number | null {
    return this.store.state.rules.tipLimitCents;
  }

  /** Lines in the review's log since its last fold into the file (bounded; tests and the bench read it). */
  get logLines(): number {
    return this.store.logLines;
  }

  view(): PunchReviewView {
    const { rules, items, unlisted } = this.store.state;
    return {
      rules: { ...rules },
      items: [...items.values()].map(({ role: _role, ...item }) => ({ ...item })),
      unlisted: [...unlisted.values()].map((u) => ({ ...u })),
    };
  }

  has(punchId: string): boolean {
    return this.store.state.items.has(punchId);
  }

  /** Per device: punches held that still want a manager's eye. */
  heldByDevice(): Map<string, number> {
    if (!this.heldCounts) {
      this.heldCounts = new Map();
      for (const i of this.store.state.items.values())
        if (i.status === 'held') this.heldCounts.set(i.deviceId, (this.heldCounts.get(i.deviceId) ?? 0) + 1);
    }
    return new Map(this.heldCounts);
  }

  /**
   * Whether a device may add one more item now: under its cap of held punches (for a held one)
   * and within its rate. Throws rate-limited otherwise, with nothing written: the device keeps the
   * punch and sends it again later.
   */
  admit(deviceId: string, kind: 'held' | 'refused'): void {
    if (kind === 'held' && (this.heldByDevice().get(deviceId) ?? 0) >= HELD_PER_DEVICE)
      throw new AppError(
        'rate-limited',
        `The hub holds ${HELD_PER_DEVICE} punches of this device for a manager; it takes more once a manager has decided some`,
        { retryAfterMs: null },
      );
    const now = this.options.now();
    const perMs = DEVICE_PER_MINUTE / 60_000;
    const budget = this.budgets.get(deviceId) ?? { tokens: DEVICE_BURST, at: now };
    budget.tokens = Math.min(DEVICE_BURST, budget.tokens + Math.max(0, now - budget.at) * perMs);
    budget.at = now;
    this.budgets.set(deviceId, budget);
    if (budget.tokens < 1)
      throw new AppError('rate-limited', 'This device sent more punches for review than the hub takes at once', {
        retryAfterMs: Math.ceil((1 - budget.tokens) / perMs),
      });
    budget.tokens -= 1;
  }

  hold(entry: Entry, punch: ForwardedPunch): void {
    this.add({
      ...entry,
      status: 'held',
      message: null,
      problem: null,
      decidedBy: null,
      decidedAt: null,
      role: punch.role ?? null,
    });
  }

  refused(entry: Omit<Entry, 'reasons'>, problem: ErrorPayload): void {
    this.add({
      ...entry,
      status: 'refused',
      reasons: [],
      message: problem.message,
      problem,
      decidedBy: null,
      decidedAt: null,
      role: null,
    });
  }

  saveRules(rules: ReviewRules): PunchReviewView {
    this.write([{ rules: { ...rules } }]);
    return this.view();
  }

  decide(punchId: string, decision: ReviewDecision, by: Who): PunchReviewView {
    const item = this.store.state.items.get(punchId);
    if (!item) throw new AppError('not-found', 'That punch is not in the review queue', { what: 'punch' });
    if (item.status === 'approved' && decision.decision === 'approve') return this.view();
    if (item.status !== 'held')
      throw new AppError('conflict', `That punch was already ${item.status}`, { what: item.status });
    const decided = { ...item };
    if (decision.decision === 'approve') {
      if (decision.capturedAt !== undefined) decided.capturedAt = decision.capturedAt;
      if (decision.declaredTipsCents !== undefined) decided.declaredTipsCents = decision.declaredTipsCents;
      this.options.apply(punchOf(decided));
    }
    const put = this.decided(decided, decision.decision, by);
    this.write([{ put }, ...this.overDecided([put])]);
    return this.view();
  }

  /**
   * Many held punches at once, in the order they were taken (a punch-in lands before the punch-out
   * after it). One that is no longer held is left as it is. One the timesheet refuses (not on
   * shift) stays held; the others are decided, and the first refusal is then said.
   */
  decideMany(punchIds: string[], decision: BulkDecision, by: Who): PunchReviewView {
    const wanted = new Set(punchIds);
    const held = [...this.store.state.items.values()]
      .filter((i) => wanted.has(i.punchId) && i.status === 'held')
      .sort((a, b) => a.capturedAt - b.capturedAt);
    const puts: ReviewItem[] = [];
    const failed: string[] = [];
    for (const item of held) {
      try {
        if (decision === 'approve') this.options.apply(punchOf(item));
      } catch (error) {
        failed.push(`${item.name}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      puts.push(this.decided({ ...item }, decision, by));
    }
    this.write([...puts.map((put) => ({ put })), ...this.overDecided(puts)]);
    if (failed.length > 0)
      throw new AppError(
        'conflict',
        `${failed.length} of ${held.length} punches stay held: ${failed[0]}${failed.length > 1 ? ' (and more)' : ''}`,
        { what: 'punch' },
      );
    return this.view();
  }

  /**
   * A device's whole part of the list: every punch it left waiting is rejected (never applied)
   * and, with its refused ones and their count, leaves the list. Punches already approved stay
   * listed: they are in the timesheet.
   */
  purgeDevice(deviceId: string): { view: PunchReviewView; rejected: number; removed: number } {
    const { items, unlisted } = this.store.state;
    const mine = [...items.values()].filter((i) => i.deviceId === deviceId && i.status !== 'approved');
    const rejected = mine.filter((i) => i.status === 'held').length;
    const gone = unlisted.get(deviceId);
    const lines: ReviewLine[] = [];
    if (mine.length > 0) lines.push({ drop: mine.map((i) => i.punchId) });
    if (gone) lines.push({ unlisted: { ...gone, refused: 0 } });
    this.write(lines);
    return { view: this.view(), rejected, removed: mine.length + (gone?.refused ?? 0) };
  }

  /** When a revoked device's hand-over ended (its queue handed over), or null while it may. */
  handOverClosedAt(deviceId: string): number | null {
    return this.store.state.handOverClosed.get(deviceId) ?? null;
  }

  closeHandOver(deviceId: string): void {
    if (this.handOverClosedAt(deviceId) === null) this.write([{ closed: deviceId, at: this.options.now() }]);
  }

  close(): void {
    if (this.changedTimer) clearTimeout(this.changedTimer);
    this.changedTimer = null;
  }

  /**
   * On disk before it counts: a write that fails (disk full, the file in the way) throws and
   * leaves the queue as it was, so the punch is not taken for one already here; the device is
   * told to send it again and keeps it until then.
   */
  private add(item: ReviewItem): void {
    if (this.has(item.punchId)) return;
    const lines: ReviewLine[] = [{ put: item }];
    const dropped = new Set<string>();
    const state = this.store.state;
    if (item.status === 'refused') {
      // The device's newest refusals stay listed; the oldest one beyond the cap is counted instead.
      const refused = [...state.items.values()].filter((i) => i.deviceId === item.deviceId && i.status === 'refused');
      const over = refused.slice(0, Math.max(0, refused.length + 1 - REFUSED_LISTED_PER_DEVICE));
      if (over.length > 0) {
        over.forEach((i) => dropped.add(i.punchId));
        const before = state.unlisted.get(item.deviceId)?.refused ?? 0;
        lines.push({
          unlisted: { deviceId: item.deviceId, deviceName: item.deviceName, refused: before + over.length },
        });
      }
    }
    const now = this.options.now();
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      const cutoff = now - KEEP_DECIDED_MS;
      for (const i of state.items.values())
        if (i.status !== 'held' && (i.decidedAt ?? i.receivedAt) <= cutoff) dropped.add(i.punchId);
    }
    if (dropped.size > 0) lines.push({ drop: [...dropped] });
    this.write(lines);
  }

  private decided(item: ReviewItem, decision: BulkDecision, by: Who): ReviewItem {
    return {
      ...item,
      status: decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: `${by.name} (${by.userId})`,
      decidedAt: this.options.now(),
    };
  }

  /** The oldest decisions of the devices of `puts` beyond their listed number, `puts` (the newest) counted. */
  private overDecided(puts: ReviewItem[]): ReviewLine[] {
    const drop: string[] = [];
    const fresh = new Set(puts.map((p) => p.punchId));
    for (const deviceId of new Set(puts.map((p) => p.deviceId))) {
      const before = [...this.store.state.items.values()].filter(
        (i) => i.deviceId === deviceId && !fresh.has(i.punchId) && (i.status === 'approved' || i.status === 'rejected'),
      );
      const count = before.length + puts.filter((p) => p.deviceId === deviceId).length;
      const over = count - DECIDED_LISTED_PER_DEVICE;
      if (over <= 0) continue;
      before.sort((a, b) => (a.decidedAt ?? 0) - (b.decidedAt ?? 0));
      drop.push(...before.slice(0, over).map((i) => i.punchId));
    }
    return drop.length > 0 ? [{ drop }] : [];
  }

  private write(lines: ReviewLine[]): void {
    if (lines.length === 0) return;
    this.store.write(lines);
    this.heldCounts = null;
    this.changed();
  }

  /** At once, then at most every CHANGED_EVERY_MS while changes keep coming. */
  private changed(): void {
    const notify = this.options.changed;
    if (!notify || this.changedTimer) return;
    // Real elapsed time, whatever clock the hub's records use (tests step that one).
    const wait = this.changedAt + CHANGED_EVERY_MS - performance.now();
    if (wait <= 0) {
      this.changedAt = performance.now();
      return notify();
    }
    this.changedTimer = setTimeout(() => {
      this.changedTimer = null;
      this.changedAt = performance.now();
      notify();
    }, wait);
    this.changedTimer.unref();
  }
}

function punchOf(item: ReviewItem): ForwardedPunch {
  return {
    punchId: item.punchId,
    userId: item.userId,
    action: item.action,
    capturedAt: item.capturedAt,
    ...(item.role ? { role: item.role } : {}),
    ...(item.declaredTipsCents !== null ? { declaredTipsCents: item.declaredTipsCents } : {}),
  };
}
