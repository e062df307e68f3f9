// Who is at a kiosk device, with its venue hub or without it, on the core's sessions and lockout.
// A session the hub opened is kept with the hub's grant for that person's punch (none after a name
// tap). While the hub is away a PIN is checked against the kiosk's copy of the roster's staff
// hashes, one check at a time, so simultaneous guesses cannot all pass the lock; five wrong PINs
// lock the pad (doubling up to the sessions' longest lock), and the count is on disk before the
// answer goes out, so a restart gives a guesser no fresh tries. The copy is trusted for
// ROSTER_COPY_LIFETIME_MS after the kiosk last knew it current: a PIN removed on the hub while
// this kiosk was away stops working here by then. Managers' hashes never leave the hub, and
// nothing a manager does can be checked here: an offline session is a staff member's.
import type { KioskStaff } from '../../../shared/hub';
import type { IdentifyInput, StaffSession } from '../../../shared/labor';
import { AppError, appError } from '../../../shared/app-error';
import { LOCAL_CALLER, runAsCaller } from '../caller';
import { JobQueue } from '../job-queue';
import type { DamageSink } from '../storage/data-health';
import { loadPinLock, savePinLock } from './pin-lock-file';
import { findByPin } from './pin-lookup';
import { MANAGER_SESSION_MS, Sessions, STAFF_SESSION_MS, wrongPinWords } from './sessions';

/** Offline, a PIN that matches no staff member's copy: managers' hashes never leave the hub. */
export const OFFLINE_PIN_REFUSED =
  'That PIN is not recognised. The hub cannot be reached: staff can punch here, managers need the hub.';

/**
 * How long after the kiosk last knew its copy of the staff list current it still signs people in
 * without the hub: a whole day of service through an outage, and not for ever after a change.
 */
export const ROSTER_COPY_LIFETIME_MS = 24 * 3600_000;
export const ROSTER_COPY_TOO_OLD =
  'The hub cannot be reached, and this kiosk last heard its staff list more than a day ago: PINs are checked again once the hub is back.';

export interface KioskSignInOptions {
  dataDir: string;
  now: () => number;
  /** The kiosk's copy of the roster: staff with their PIN hashes. */
  roster: () => KioskStaff[];
  /** The kiosk's location: a session shows this location's roles. */
  locationUuid: () => string | null;
  /** When the kiosk last knew its roster copy to be the hub's current one (its clock); null: never. */
  rosterCheckedAt: () => number | null;
  damage?: DamageSink;
}

/** The person behind a live session on this kiosk. */
export interface KioskSessionHolder {
  userId: string;
  name: string;
  /** The hub's grant for this person's punch; absent for a session opened while the hub was away. */
  punchGrant?: string;
  /** The hub opened the session on a name tap, without a PIN: its punch carries no grant. */
  nameTap?: boolean;
}

export class KioskSignIn {
  private readonly sessions: Sessions;
  private readonly holders = new Map<string, { name: string; punchGrant?: string; nameTap?: boolean }>();
  /** Offline PIN checks run one at a time: the lock is read after the previous check has counted. */
  private readonly pinQueue = new JobQueue();

  constructor(private readonly options: KioskSignInOptions) {
    this.sessions = new Sessions(options.now);
    this.here(() => this.sessions.restorePadLockout(loadPinLock(options.dataDir, options.now, options.damage)));
  }

  /**
   * Keeps a session the hub opened; its grant stays here, going back with this person's punches
   * only. Its end is put on this kiosk's clock: the hub's `expiresAt` is on the hub's clock, and a
   * kiosk running minutes ahead would find every session over on arrival. The lifetime counts
   * from `askedAt` (this clock, before the hub opened it), so it never outlives the hub's.
   */
  adopt(hubSession: StaffSession, askedAt: number): StaffSession {
    const { punchGrant, expiresInMs, ...hubView } = hubSession;
    // A hub that does not say the lifetime opened the session just now with its usual length.
    const lifetime = expiresInMs ?? (hubView.manager ? MANAGER_SESSION_MS : STAFF_SESSION_MS);
    const session = { ...hubView, expiresAt: askedAt + lifetime };
    this.here(() => this.sessions.adopt(session.token, session.userId, session.manager, session.expiresAt));
    this.holders.set(session.token, { name: session.name, ...(punchGrant ? { punchGrant } : { nameTap: true }) });
    return session;
  }

  /** Signs in against the roster copy while the hub cannot be asked. */
  identify(input: IdentifyInput): Promise<StaffSession> {
    return this.pinQueue.run(() => this.here(() => this.identifyOffline(input)));
  }

  /** The person behind a live session, or null once it ended (the hub's expiry or this kiosk's). */
  holder(token: string): KioskSessionHolder | null {
    const session = this.here(() => this.sessions.peek(token));
    const holder = this.holders.get(token);
    if (!session || !holder) {
      this.holders.delete(token);
      return null;
    }
    return { userId: session.userId, ...holder };
  }

  end(token: string): void {
    this.here(() => this.sessions.end(token));
    this.holders.delete(token);
  }

  private async identifyOffline(input: IdentifyInput): Promise<StaffSession> {
    // The sign-in pad as a whole: a guesser naming people one after another gets no more tries.
    this.sessions.assertUnlocked();
    if (!input.pin) throw new AppError('pin-required', 'The hub cannot be reached: enter your PIN', { role: 'staff' });
    const checkedAt = this.options.rosterCheckedAt();
    if (checkedAt === null || this.options.now() - checkedAt > ROSTER_COPY_LIFETIME_MS)
      throw appError('unreachable', ROSTER_COPY_TOO_OLD);
    const roster = this.options.roster();
    const candidates = 'userId' in input ? roster.filter((s) => s.userId === input.userId) : roster;
    // The venue's lookup tag picks the person and their own hash confirms it, as on the hub.
    const staff = (await findByPin(input.pin, candidates))?.member;
    if (!staff) {
      this.sessions.recordWrongPin();
      savePinLock(this.options.dataDir, this.sessions.padLockout());
      const triesLeft = this.sessions.triesLeft();
      throw new AppError('invalid', wrongPinWords(OFFLINE_PIN_REFUSED, triesLeft), {
        field: 'pin',
        reason: 'pin-not-recognised-offline',
        triesLeft,
      });
    }
    // No manager rights away from the hub: nothing a manager does can be checked here.
    const session = this.sessions.open(staff.userId, false);
    this.holders.set(session.token, { name: staff.name });
    const locationUuid = this.options.locationUuid();
    return {
      token: session.token,
      userId: staff.userId,
      name: staff.name,
      manager: false,
      roles: staff.roles
        .filter((r) => r.locationUuid === locationUuid)
        .map(({ role, roleUuid }) => ({ role, roleUuid })),
      expiresAt: session.expiresAt,
    };
  }

  /** The kiosk's sessions and its pad's count belong to this device's own screen, whoever relays it. */
  private here<T>(work: () => T): T {
    return runAsCaller(LOCAL_CALLER, work);
  }
}
