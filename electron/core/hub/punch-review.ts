// The hub's review queue: forwarded punches it will not apply on its own word (taken offline, a
// capture time far from the hub's clock, tips over the manager's limit), and the ones it refused,
// each with the device, the person and the reason. A manager approves (optionally correcting the
// time or the tips) or rejects each held punch; an approved punch is captured with its own id, so
// it lands once however often the approval is repeated or replayed after a crash. A punch is in
// the queue only once the file holds it: the hub answers for it only then.
import { join } from 'node:path';
import { z } from 'zod';
import type { PunchReviewItem, PunchReviewView, ReviewDecision, ReviewRules } from '../../../shared/authority';
import { AppError, type ErrorPayload } from '../../../shared/app-error';
import { storedProblem } from '../storage/stored-problem';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import type { ForwardedPunch } from './kiosk-relay';

/** Default limit of declared tips on one punch before a manager looks at it. */
export const DEFAULT_TIP_LIMIT_CENTS = 50_000;
/** Decided and refused items stay listed this long. */
const KEEP_DECIDED_MS = 14 * 24 * 3600_000;
const FILE = 'punch-review.json';

const itemSchema = z.object({
  punchId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  userId: z.string(),
  name: z.string(),
  action: z.enum(['punch-in', 'break-start', 'break-end', 'punch-out']),
  capturedAt: z.number(),
  receivedAt: z.number(),
  declaredTipsCents: z.number().nullable(),
  status: z.enum(['held', 'approved', 'rejected', 'refused']),
  reasons: z.array(z.enum(['offline', 'back-dated', 'clock-ahead', 'tips-over-limit', 'revoked-device'])),
  message: z.string().nullable(),
  problem: storedProblem,
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  role: z.object({ role: z.string(), roleUuid: z.string().nullable() }).nullable().optional(),
});
const fileSchema = z.object({
  version: z.literal(1),
  rules: z.object({ tipLimitCents: z.number().nullable() }),
  items: z.array(itemSchema),
});
type Item = z.infer<typeof itemSchema>;

export interface PunchReviewOptions {
  dataDir: string;
  now: () => number;
  damage?: DamageSink;
  /** Records an approved punch in the timesheet (its id makes a repeat a no-op). */
  apply: (punch: ForwardedPunch) => void;
  changed?: () => void;
}

export class PunchReview {
  private rules: ReviewRules;
  private items: Item[];
  private readonly dir: string;

  constructor(private readonly options: PunchReviewOptions) {
    this.dir = join(options.dataDir, 'hub');
    const loaded = loadJsonFile(
      this.dir,
      FILE,
      fileSchema,
      () => ({ version: 1 as const, rules: { tipLimitCents: DEFAULT_TIP_LIMIT_CENTS }, items: [] }),
      { now: options.now, damage: options.damage, label: 'The punches held for review', severity: 'error' },
    ).value;
    this.rules = loaded.rules;
    this.items = loaded.items;
  }

  get tipLimitCents(): number | null {
    return this.rules.tipLimitCents;
  }

  view(): PunchReviewView {
    return { rules: { ...this.rules }, items: this.items.map(({ role: _role, ...item }) => ({ ...item })) };
  }

  has(punchId: string): boolean {
    return this.items.some((i) => i.punchId === punchId);
  }

  /** Per device: punches held or refused that still want a manager's eye. */
  heldByDevice(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const i of this.items) if (i.status === 'held') counts.set(i.deviceId, (counts.get(i.deviceId) ?? 0) + 1);
    return counts;
  }

  hold(
    entry: Omit<PunchReviewItem, 'status' | 'decidedBy' | 'decidedAt' | 'message' | 'problem'>,
    punch: ForwardedPunch,
  ): void {
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

  refused(
    entry: Omit<PunchReviewItem, 'status' | 'decidedBy' | 'decidedAt' | 'reasons' | 'message' | 'problem'>,
    problem: ErrorPayload,
  ): void {
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
    const next = { ...rules };
    this.write(next, this.items);
    this.rules = next;
    this.options.changed?.();
    return this.view();
  }

  decide(punchId: string, decision: ReviewDecision, by: { userId: string; name: string }): PunchReviewView {
    const item = this.items.find((i) => i.punchId === punchId);
    if (!item) throw new AppError('not-found', 'That punch is not in the review queue', { what: 'punch' });
    if (item.status === 'approved' && decision.decision === 'approve') return this.view();
    if (item.status !== 'held')
      throw new AppError('conflict', `That punch was already ${item.status}`, { what: item.status });
    if (decision.decision === 'approve') {
      if (decision.capturedAt !== undefined) item.capturedAt = decision.capturedAt;
      if (decision.declaredTipsCents !== undefined) item.declaredTipsCents = decision.declaredTipsCents;
      this.options.apply({
        punchId: item.punchId,
        userId: item.userId,
        action: item.action,
        capturedAt: item.capturedAt,
        ...(item.role ? { role: item.role } : {}),
        ...(item.declaredTipsCents !== null ? { declaredTipsCents: item.declaredTipsCents } : {}),
      });
    }
    item.status = decision.decision === 'approve' ? 'approved' : 'rejected';
    item.decidedBy = `${by.name} (${by.userId})`;
    item.decidedAt = this.options.now();
    this.save();
    return this.view();
  }

  /**
   * On disk before it counts: a write that fails (disk full, the file in the way) throws and
   * leaves the queue as it was, so the punch is not taken for one already here; the device is
   * told to send it again and keeps it until then.
   */
  private add(item: Item): void {
    if (this.has(item.punchId)) return;
    const cutoff = this.options.now() - KEEP_DECIDED_MS;
    const items = [...this.items.filter((i) => i.status === 'held' || (i.decidedAt ?? i.receivedAt) > cutoff), item];
    this.write(this.rules, items);
    this.items = items;
    this.options.changed?.();
  }

  private save(): void {
    this.write(this.rules, this.items);
    this.options.changed?.();
  }

  private write(rules: ReviewRules, items: Item[]): void {
    saveJsonFile(this.dir, FILE, { version: 1, rules, items });
  }
}
