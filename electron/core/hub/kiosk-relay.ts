// The hub's side of a satellite kiosk that kept punching while the hub was unreachable: it gives
// the kiosk a copy of the roster's PIN hashes (never PINs), and accepts each queued punch id
// exactly once. Accepted ids are kept in hub/forwarded-punches.log for good, on top of the
// outbox's own punch-id check, so a kiosk that comes back days later still cannot double a punch.
//
// A forwarded punch is worth the PIN behind it: it must carry the grant the hub signed when it
// checked that person's PIN on that very device (punch-grants.ts), or say it was taken offline.
// Without either it is refused and nothing reaches the timesheet. An offline punch, a capture time
// that does not fit the hub's clock or the grant, or tips over the manager's limit go to the
// review queue (punch-review.ts) instead of the timesheet.
import { join } from 'node:path';
import type { ReviewReason } from '../../../shared/authority';
import type { ForwardedPunch, ForwardOutcome, KioskStaff } from '../../../shared/hub';
import type { LaborService } from '../labor/labor-service';
import type { StaffRecord } from '../labor/roster';
import { AppendLog, reportDamagedLines } from '../labor/append-log';
import type { DamageSink } from '../storage/data-health';
import { appError, type ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import { JobQueue } from '../job-queue';
import { GRANT_WINDOW_MS, type PunchGrants } from './punch-grants';
import type { PunchReview } from './punch-review';

export type { ForwardedPunch, ForwardOutcome };

/** How far a device's capture time may run ahead of the hub's clock (or before its grant). */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** A capture time further back than this from the hub's clock waits for a manager, grant or not. */
export const BACK_DATED_MS = 60 * 60_000;

const FORWARDED_LOG = 'forwarded-punches.log';
/** One line of hub/forwarded-punches.log: a punch id the hub answered, and why it refused it. */
type AnsweredLine = { id: string; refused?: string };
const answeredLine = (v: unknown): AnsweredLine | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as AnsweredLine) : null;

const PUNCH_ID = /^[0-9a-f-]{36}$/i;
const ACTIONS: readonly string[] = ['punch-in', 'break-start', 'break-end', 'punch-out'];

/** Punches a revoked device may leave waiting for review at once. */
export const HANDOVER_LIMIT = 500;

export const NO_PROOF =
  'The punch carries no proof that this person’s PIN was checked on this device; the hub did not record it';

export interface RelayDevice {
  id: string;
  name: string;
}

export class KioskRelay {
  private readonly accepted: Set<string>;
  private readonly log: AppendLog<AnsweredLine>;
  private readonly queue = new JobQueue();

  constructor(
    private readonly labor: LaborService,
    dataDir: string,
    private readonly grants: PunchGrants,
    private readonly review: PunchReview,
    private readonly now: () => number = Date.now,
    damage?: DamageSink,
  ) {
    const dir = join(dataDir, 'hub');
    const opened = AppendLog.open(dir, FORWARDED_LOG, answeredLine, now);
    reportDamagedLines(
      join(dir, FORWARDED_LOG),
      opened,
      {
        label: "The venue hub's list of punches taken from offline kiosks",
        consequence:
          'A punch a kiosk sends again could be taken twice: check the timesheet for a doubled punch from a kiosk that was offline.',
      },
      damage,
    );
    this.accepted = new Set(opened.records.map((l) => l.id));
    this.log = opened.log;
  }

  /**
   * Staff only: a manager's PIN approves refunds at any device, so its hash never leaves the hub
   * (a stolen kiosk could try all 4-digit PINs against it). Managers punch when the hub is there.
   */
  roster(): KioskStaff[] {
    return this.labor.roster
      .views()
      .map((v) => this.labor.roster.get(v.userId))
      .filter((r): r is StaffRecord => r !== undefined && !r.manager)
      .map(({ userId, name, manager, pin, pinTag, roles }) => ({ userId, name, manager, pin, pinTag, roles }));
  }

  /** One at a time: two kiosks forwarding at once must not interleave one person's punches. */
  accept(p: ForwardedPunch, device: RelayDevice): Promise<ForwardOutcome> {
    return this.queue.run(() => this.acceptOne(p, device));
  }

  /**
   * A punch the contract's schema refused (it can never be recorded): when it still names a punch
   * id, refused with the schema's reason and shown to managers, so a resend is a duplicate.
   */
  refuseUnreadable(raw: unknown, device: RelayDevice, message: string): Promise<void> {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<ForwardedPunch>;
    if (typeof p.punchId !== 'string' || !PUNCH_ID.test(p.punchId)) return Promise.resolve();
    const punch = p as ForwardedPunch;
    const problem: ErrorPayload = { kind: 'invalid', data: { field: 'punch' }, message };
    return this.queue.run(() => void (this.accepted.has(punch.punchId) || this.refuse(punch, device, problem)));
  }

  /**
   * A punch a revoked kiosk still held: never applied on its word, always held for a manager,
   * who accepts or rejects it in the review queue. At most HANDOVER_LIMIT wait per device, so a
   * stolen kiosk cannot bury the queue.
   */
  handOver(p: ForwardedPunch, device: RelayDevice): Promise<ForwardOutcome> {
    return this.queue.run(() => {
      if (this.accepted.has(p.punchId) || this.review.has(p.punchId)) return { status: 'duplicate' as const };
      if (!this.labor.roster.get(p.userId))
        return this.refuse(
          p,
          device,
          appError('not-found', 'That person is not on the roster any more', { what: 'person' }).toPayload(),
        );
      if ((this.review.heldByDevice().get(device.id) ?? 0) >= HANDOVER_LIMIT)
        return this.refuse(
          p,
          device,
          appError('conflict', 'This revoked device handed over more punches than a manager can review', {
            what: 'hand-over',
          }).toPayload(),
        );
      const reasons: ReviewReason[] = [
        'revoked-device',
        ...this.reasons(p, null).filter((r) => r !== 'offline' || p.offline === true),
      ];
      return this.hold(p, device, reasons);
    });
  }

  /**
   * Waits for a manager in the review queue, never applied on its own. Held only once the review
   * file has it: a failed write throws (the kiosk is told to retry and keeps the punch).
   */
  private hold(p: ForwardedPunch, device: RelayDevice, reasons: ReviewReason[]): ForwardOutcome {
    this.review.hold(
      {
        punchId: p.punchId,
        deviceId: device.id,
        deviceName: device.name,
        userId: p.userId,
        name: this.labor.roster.nameOf(p.userId),
        action: p.action,
        capturedAt: p.capturedAt,
        receivedAt: this.now(),
        declaredTipsCents: p.declaredTipsCents ?? null,
        reasons,
      },
      p,
    );
    return { status: 'held', reasons };
  }

  private acceptOne(p: ForwardedPunch, device: RelayDevice): ForwardOutcome {
    if (this.accepted.has(p.punchId) || this.review.has(p.punchId)) return { status: 'duplicate' };
    if (!this.labor.roster.get(p.userId))
      return this.refuse(
        p,
        device,
        appError('not-found', 'That person is not on the roster any more', { what: 'person' }).toPayload(),
      );
    const grant = p.grant === undefined ? null : this.grants.check(p.grant, device.id, p.userId);
    const noProof = appError('invalid', NO_PROOF, { field: 'proof' }).toPayload();
    if (grant !== null && !grant.ok) return this.refuse(p, device, noProof);
    if (grant === null && p.offline !== true) return this.refuse(p, device, noProof);
    const reasons = this.reasons(p, grant?.ok ? grant.openedAt : null);
    if (reasons.length > 0) return this.hold(p, device, reasons);
    try {
      this.apply(p);
    } catch (error) {
      return this.refuse(p, device, errorPayloadOf(error));
    }
    this.accepted.add(p.punchId);
    this.log.append({ id: p.punchId });
    return { status: 'accepted' };
  }

  /** Records a punch at the time the kiosk took it (the outbox also knows its id after a crash here). */
  apply(p: ForwardedPunch): void {
    this.labor.capture(
      p.userId,
      { punchId: p.punchId, action: p.action, role: p.role, declaredTipsCents: p.declaredTipsCents },
      p.capturedAt,
    );
  }

  private reasons(p: ForwardedPunch, grantOpenedAt: number | null): ReviewReason[] {
    const reasons: ReviewReason[] = [];
    const now = this.now();
    if (grantOpenedAt === null) reasons.push('offline');
    if (p.capturedAt < now - BACK_DATED_MS || (grantOpenedAt !== null && p.capturedAt < grantOpenedAt - CLOCK_SKEW_MS))
      reasons.push('back-dated');
    if (
      p.capturedAt > now + CLOCK_SKEW_MS ||
      (grantOpenedAt !== null && p.capturedAt > grantOpenedAt + GRANT_WINDOW_MS)
    )
      reasons.push('clock-ahead');
    const limit = this.review.tipLimitCents;
    if (limit !== null && (p.declaredTipsCents ?? 0) > limit) reasons.push('tips-over-limit');
    return reasons;
  }

  private refuse(p: ForwardedPunch, device: RelayDevice, problem: ErrorPayload): ForwardOutcome {
    const message = problem.message;
    // Refused is final too: the kiosk must not send it again and again. The manager sees it.
    // Written down before the id counts as answered: a failed write throws with nothing
    // remembered, so the kiosk's resend is judged again rather than called a duplicate.
    // What the review file can hold: a punch whose type is not one is only kept in the log.
    if (ACTIONS.includes(p.action))
      this.review.refused(
        {
          punchId: p.punchId,
          deviceId: device.id,
          deviceName: device.name,
          name: typeof p.userId === 'string' ? this.labor.roster.nameOf(p.userId.slice(0, 128)) : '',
          userId: String(p.userId).slice(0, 200),
          action: p.action,
          capturedAt: Number.isFinite(p.capturedAt) ? p.capturedAt : 0,
          receivedAt: this.now(),
          declaredTipsCents: Number.isInteger(p.declaredTipsCents) ? (p.declaredTipsCents ?? null) : null,
        },
        problem,
      );
    this.log.append({ id: p.punchId, refused: message });
    this.accepted.add(p.punchId);
    return { status: 'refused', message, problem };
  }

  close(): void {
    this.log.close();
  }
}
