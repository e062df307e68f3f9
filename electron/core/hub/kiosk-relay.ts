// The hub's side of a satellite kiosk that kept punching while the hub was unreachable: it gives
// the kiosk a copy of the roster's PIN hashes (never PINs), and accepts each queued punch id
// exactly once. Accepted ids are kept in hub/forwarded-punches.log for good, on top of the
// outbox's own punch-id check, so a kiosk that comes back days later still cannot double a punch.
import { join } from 'node:path';
import type { PunchAction, StaffRole } from '../../../shared/labor';
import type { LaborService } from '../labor/labor-service';
import type { StaffRecord } from '../labor/roster';
import { AppendOnly, readLines } from './append-only';
import type { DamageSink } from '../storage/data-health';
import { errorMessage } from '../../../shared/errors';
import { JobQueue } from '../job-queue';

export interface ForwardedPunch {
  punchId: string;
  userId: string;
  action: PunchAction;
  role?: StaffRole;
  declaredTipsCents?: number;
  /** When the kiosk took it (its clock). */
  capturedAt: number;
}

export type ForwardOutcome = { status: 'accepted' | 'duplicate' } | { status: 'refused'; message: string };

export type CachedStaff = Pick<StaffRecord, 'userId' | 'name' | 'manager' | 'pin' | 'roles'>;

export class KioskRelay {
  private readonly accepted: Set<string>;
  private readonly log: AppendOnly;
  private readonly queue = new JobQueue();

  constructor(
    private readonly labor: LaborService,
    dataDir: string,
    damage?: DamageSink,
  ) {
    const path = join(dataDir, 'hub', 'forwarded-punches.log');
    const lines = readLines(path, {
      valid: (v): v is { id: string } =>
        typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string',
      label: "The venue hub's list of punches taken from offline kiosks",
      consequence:
        'A punch a kiosk sends again could be taken twice: check the timesheet for a doubled punch from a kiosk that was offline.',
      damage,
    });
    this.accepted = new Set(lines.map((l) => l.id));
    this.log = new AppendOnly(path);
  }

  /**
   * Staff only: a manager's PIN approves refunds at any device, so its hash never leaves the hub
   * (a stolen kiosk could try all 4-digit PINs against it). Managers punch when the hub is there.
   */
  roster(): CachedStaff[] {
    return this.labor.roster
      .views()
      .map((v) => this.labor.roster.get(v.userId))
      .filter((r): r is StaffRecord => r !== undefined && !r.manager)
      .map(({ userId, name, manager, pin, roles }) => ({ userId, name, manager, pin, roles }));
  }

  /** One at a time: two kiosks forwarding at once must not interleave one person's punches. */
  accept(p: ForwardedPunch): Promise<ForwardOutcome> {
    return this.queue.run(() => this.acceptOne(p));
  }

  private acceptOne(p: ForwardedPunch): ForwardOutcome {
    if (this.accepted.has(p.punchId)) return { status: 'duplicate' };
    if (!this.labor.roster.get(p.userId)) return this.refuse(p, 'That person is not on the roster any more');
    try {
      // The outbox also knows this id if the hub stopped between capture and the line below.
      this.labor.capture(
        p.userId,
        { punchId: p.punchId, action: p.action, role: p.role, declaredTipsCents: p.declaredTipsCents },
        p.capturedAt,
      );
    } catch (error) {
      return this.refuse(p, errorMessage(error));
    }
    this.accepted.add(p.punchId);
    this.log.append({ id: p.punchId });
    return { status: 'accepted' };
  }

  private refuse(p: ForwardedPunch, message: string): ForwardOutcome {
    // Refused is final too: the kiosk must not send it again and again.
    this.accepted.add(p.punchId);
    this.log.append({ id: p.punchId, refused: message });
    return { status: 'refused', message };
  }

  close(): void {
    this.log.close();
  }
}
