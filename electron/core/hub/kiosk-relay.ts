// The hub's side of a satellite kiosk that kept punching while the hub was unreachable: it gives
// the kiosk a copy of the roster's PIN hashes (never PINs), and accepts each queued punch id
// exactly once. Accepted ids are kept in hub/forwarded-punches.log for good, on top of the
// outbox's own punch-id check, so a kiosk that comes back days later still cannot double a punch.
//
// A forwarded punch is worth the PIN behind it: it must carry the grant the hub signed when it
// checked that person's PIN on that very device (punch-grants.ts), good for that one punch, or say
// it was taken offline or on a name tap. Without either it is refused and nothing reaches the
// timesheet. An offline or name-tap punch, a capture time that does not fit the hub's clock or
// the grant, a grant whose session had ended, or tips over the manager's limit go to the review
// queue (punch-review.ts) instead of the timesheet, within each device's bounds there. A revoked
// kiosk may hand over what it still holds for a day, or until it has handed its queue over.
import type { ReviewReason } from '../../../shared/authority';
import {
  HAND_OVER_BATCH,
  type ForwardedPunch,
  type ForwardOutcome,
  type HandedOverPunch,
  type HandOverOutcome,
  type KioskStaff,
} from '../../../shared/hub';
import type { LaborService } from '../labor/labor-service';
import type { DamageSink } from '../storage/data-health';
import { AppError, appError, isAppError, type ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import { forwardedPunch } from '../../../shared/contract/hub-args';
import { JobQueue } from '../job-queue';
import type { GrantRefusal, PunchGrants } from './punch-grants';
import type { PunchReview } from './punch-review';
import { ForwardedIds } from './forwarded-log';
import type { MoneyUnits } from '../money/money-units';

export type { ForwardedPunch, ForwardOutcome };

/** How far a device's capture time may run ahead of the hub's clock (or before its grant). */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** A capture time further back than this from the hub's clock waits for a manager, grant or not. */
export const BACK_DATED_MS = 60 * 60_000;

const PUNCH_ID = /^[0-9a-f-]{36}$/i;
const ACTIONS: readonly string[] = ['punch-in', 'break-start', 'break-end', 'punch-out'];

/** How long a revoked device may hand over what it still holds, unless it finished sooner. */
export const HANDOVER_WINDOW_MS = 24 * 3600_000;

export const NO_PROOF =
  'The punch carries no proof that this person’s PIN was checked on this device; the hub did not record it';
const GRANT_REFUSED: Record<Exclude<GrantRefusal, 'forged'>, string> = {
  used: 'This PIN entry already recorded a punch, and one PIN entry records one punch; the hub did not record this one',
  ended: 'The session this punch was taken in was signed out before the punch arrived; the hub did not record it',
  stale: 'The PIN entry behind this punch is too old for the hub to check; the hub did not record it',
};
export const HANDOVER_OVER = 'This revoked device has handed over what it held; ask a manager to pair it again';

export interface RelayDevice {
  id: string;
  name: string;
}

export class KioskRelay {
  /** hub/forwarded-punches.log and its ids, trimmed as it grows (forwarded-log.ts). */
  private readonly accepted: ForwardedIds;
  private readonly queue = new JobQueue();

  constructor(
    private readonly labor: LaborService,
    dataDir: string,
    private readonly grants: PunchGrants,
    private readonly review: PunchReview,
    private readonly now: () => number = Date.now,
    damage?: DamageSink,
    forwardedKept?: number,
  ) {
    this.accepted = ForwardedIds.open(dataDir, { now, damage, keep: forwardedKept });
  }

  /** The staff's PIN hashes for a kiosk's offline sign-in (kiosk-roster.ts: never a manager's). */
  roster(): KioskStaff[] {
    return this.labor.kioskRoster();
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
    return this.queue.run(() => this.refuseUnreadableNow(raw, device, message));
  }

  private refuseUnreadableNow(raw: unknown, device: RelayDevice, message: string): void {
    const p = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<ForwardedPunch>;
    if (typeof p.punchId !== 'string' || !PUNCH_ID.test(p.punchId) || this.accepted.has(p.punchId)) return;
    this.refuse(p as ForwardedPunch, device, { kind: 'invalid', data: { field: 'punch' }, message });
  }

  /**
   * What a revoked kiosk still held, one batch (`hubHandOverPunches`): each punch checked against
   * the forwarded punch's schema on its own. Open for HANDOVER_WINDOW_MS after the revoke, and
   * until the device has handed its queue over: a batch shorter than a full one is its last (the
   * device sends full batches while it has more). After that only punches already answered get
   * their answer again; anything new is refused as if the route did not exist. A batch the
   * device's bounds stop part-way is answered for what was taken: the device sends the rest later.
   */
  handOverAll(punches: HandedOverPunch[], device: RelayDevice, revokedAt: number): Promise<HandOverOutcome[]> {
    return this.queue.run(async () => {
      const open = this.review.handOverClosedAt(device.id) === null && this.now() < revokedAt + HANDOVER_WINDOW_MS;
      if (!open && punches.some((p) => !this.answered(p.punchId)))
        throw new AppError('forbidden', HANDOVER_OVER, { by: 'venue' });
      const outcomes: HandOverOutcome[] = [];
      for (const raw of punches) {
        // Each punch is written (and fsynced) on its own: the hub's screens are answered between
        // them, not after a whole batch.
        if (outcomes.length > 0) await new Promise((resolve) => setImmediate(resolve));
        try {
          outcomes.push({ punchId: raw.punchId, outcome: this.handOverOne(raw, device) });
        } catch (error) {
          if (isAppError(error, 'rate-limited') && outcomes.length > 0) return outcomes;
          throw error;
        }
      }
      if (open && punches.length < HAND_OVER_BATCH) this.review.closeHandOver(device.id);
      return outcomes;
    });
  }

  /** One handed-over punch: never applied on its word, always held for a manager (or refused). */
  private handOverOne(raw: HandedOverPunch, device: RelayDevice): ForwardOutcome {
    const parsed = forwardedPunch.safeParse(raw);
    if (!parsed.success) {
      // The same schema as a forwarded punch: what breaks it can never be recorded.
      const message = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      this.refuseUnreadableNow(raw, device, message);
      return { status: 'refused', message };
    }
    const p = parsed.data;
    if (this.answered(p.punchId)) return { status: 'duplicate' as const };
    if (!this.labor.roster.get(p.userId))
      return this.refuse(
        p,
        device,
        appError('not-found', 'That person is not on the roster any more', { what: 'person' }).toPayload(),
      );
    const why = p.offline === true ? 'offline' : p.nameTap === true ? 'no-pin' : null;
    return this.hold(p, device, ['revoked-device', ...this.reasons(p, null, why)]);
  }

  /**
   * Waits for a manager in the review queue, never applied on its own. Held only once the review
   * file has it: a failed write throws (the kiosk is told to retry and keeps the punch). Within
   * the device's bounds only (rate-limited otherwise, nothing written); `spend` runs once it is
   * admitted, before the write (a grant is used by the punch it holds).
   */
  private hold(p: ForwardedPunch, device: RelayDevice, reasons: ReviewReason[], spend?: () => void): ForwardOutcome {
    this.review.admit(device.id, 'held');
    spend?.();
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
    if (this.answered(p.punchId)) return { status: 'duplicate' };
    if (!this.labor.roster.get(p.userId))
      return this.refuse(
        p,
        device,
        appError('not-found', 'That person is not on the roster any more', { what: 'person' }).toPayload(),
      );
    const noProof = appError('invalid', NO_PROOF, { field: 'proof' }).toPayload();
    if (p.grant === undefined) {
      // Nothing but the device vouches for the person: a manager decides.
      if (p.offline === true) return this.hold(p, device, this.reasons(p, null, 'offline'));
      if (p.nameTap === true) return this.hold(p, device, this.reasons(p, null, 'no-pin'));
      return this.refuse(p, device, noProof);
    }
    const grant = this.grants.check(p.grant, device.id, p.userId, p.punchId);
    if (!grant.ok)
      return this.refuse(
        p,
        device,
        grant.why === 'forged'
          ? noProof
          : appError('invalid', GRANT_REFUSED[grant.why], { field: 'proof' }).toPayload(),
      );
    const early = this.scheduleRefusal(p);
    if (early) return { status: 'refused', message: early.message, problem: early };
    const spend = () => void this.grants.spend(grant.id, p.punchId, grant.expiresAt);
    const reasons = this.reasons(p, grant, null);
    if (reasons.length > 0) return this.hold(p, device, reasons, spend);
    spend();
    try {
      this.apply(p);
    } catch (error) {
      // Refused on its merits (not on shift): the PIN entry is still good for the punch meant.
      this.grants.release(grant.id, p.punchId);
      return this.refuse(p, device, errorPayloadOf(error));
    }
    this.accepted.add({ id: p.punchId });
    return { status: 'accepted' };
  }

  /**
   * The connection's money units (app-core sets them). Declared tips go out in the unit of the
   * spec's "number" fields: while it is not decided a punch-out with tips is refused here as at the
   * hub's own kiosk (labor-handlers.ts), never stored a hundred times over. The person at the kiosk
   * sees why and punches out without tips, or a manager confirms the unit; a held punch waits.
   */
  money: Pick<MoneyUnits, 'requireDecided'> | null = null;

  /** Records a punch at the time the kiosk took it (the outbox also knows its id after a crash here). */
  apply(p: ForwardedPunch): void {
    if (p.action === 'punch-out' && (p.declaredTipsCents ?? 0) > 0) this.money?.requireDecided('numbers');
    this.labor.capture(
      p.userId,
      {
        punchId: p.punchId,
        action: p.action,
        role: p.role,
        declaredTipsCents: p.declaredTipsCents,
        breakKind: p.breakKind,
        breakPaid: p.breakPaid,
        attestation: p.attestation,
        note: p.note,
        tipsCardCents: p.tipsCardCents,
      },
      p.capturedAt,
    );
  }

  /**
   * The schedule's early punch-in rule, decided here for a paired kiosk as for the hub's own screen
   * (schedule-service.ts): the refusal's kind goes back to the kiosk, which shows the prompt. It is
   * not recorded: nothing was punched, the PIN entry stays good for the punch a manager then lets
   * through, and a resend of the same punch is judged again at the same capture time.
   */
  private scheduleRefusal(p: ForwardedPunch): ErrorPayload | null {
    if (p.action !== 'punch-in' || this.labor.rowFor(p.userId)) return null;
    try {
      this.labor.schedule?.checkPunchIn(p.userId, p.managerToken, p.capturedAt);
      return null;
    } catch (error) {
      return errorPayloadOf(error);
    }
  }

  private answered(punchId: string): boolean {
    return this.accepted.has(punchId) || this.review.has(punchId);
  }

  /** Why a punch waits for a manager: `first` (how it was taken), then its time, its grant's life, its tips. */
  private reasons(
    p: ForwardedPunch,
    grant: { openedAt: number; expiresAt: number } | null,
    first: ReviewReason | null,
  ): ReviewReason[] {
    const reasons: ReviewReason[] = first ? [first] : [];
    const now = this.now();
    if (grant && now > grant.expiresAt + CLOCK_SKEW_MS) reasons.push('session-ended');
    if (p.capturedAt < now - BACK_DATED_MS || (grant !== null && p.capturedAt < grant.openedAt - CLOCK_SKEW_MS))
      reasons.push('back-dated');
    if (p.capturedAt > now + CLOCK_SKEW_MS || (grant !== null && p.capturedAt > grant.expiresAt + CLOCK_SKEW_MS))
      reasons.push('clock-ahead');
    const limit = this.review.tipLimitCents;
    if (limit !== null && (p.declaredTipsCents ?? 0) > limit) reasons.push('tips-over-limit');
    return reasons;
  }

  private refuse(p: ForwardedPunch, device: RelayDevice, problem: ErrorPayload): ForwardOutcome {
    const message = problem.message;
    // Within the device's rate, or nothing is written and the device sends it again later.
    this.review.admit(device.id, 'refused');
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
    this.accepted.add({ id: p.punchId, refused: message });
    return { status: 'refused', message, problem };
  }

  close(): void {
    this.accepted.close();
  }
}
