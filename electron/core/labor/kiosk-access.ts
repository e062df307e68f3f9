// Who may do what at this kiosk: PIN sign-in with a serialised, per-kiosk and per-person lockout,
// the first-manager set-up, sessions, and roster changes (which re-check open sessions and report
// the change themselves). Handlers only map requests onto these methods. On a hub, a session a
// kiosk device opens with a PIN carries a grant for one punch (hub/punch-grants.ts), which ends
// when the session is signed out; a name tap carries none.
import type { StaffInput, StaffRecordView, StaffSession, IdentifyInput } from '../../../shared/labor';
import { rosterUnreadable, type Roster } from './roster';
import { Sessions, wrongPinWords, type Pad, type Session } from './sessions';
import { AppError } from '../../../shared/app-error';
import { JobQueue } from '../job-queue';
import { currentCaller } from '../caller';

export interface KioskAccessOptions {
  roster: Roster;
  now: () => number;
  /** The kiosk's location uuid (roles shown in a session are this location's). */
  locationUuid: () => string | null;
  nameTapNeedsPin: () => boolean;
  /** Called after every change that shows in the kiosk's view (roster, lockout). */
  changed: () => void;
}

/** The hub's one-punch grants, as sessions use them (hub/punch-grants.ts). */
export interface SessionGrants {
  issue(deviceId: string, userId: string, openedAt: number, expiresAt: number): { grant: string; id: string };
  /** False when another punch used it, or its session was signed out. */
  spend(id: string, punchId: string, expiresAt: number): boolean;
  release(id: string, punchId: string): void;
  end(id: string, expiresAt: number): void;
}

export const PIN_FOR_EACH_PUNCH = 'One PIN entry is good for one punch on a kiosk: enter your PIN again';

export class KioskAccess {
  readonly sessions: Sessions;
  /** On a hub: signs, for a kiosk device's session, that the PIN was checked there (punch-grants.ts). */
  grants: SessionGrants | null = null;
  private readonly roster: Roster;
  /** PIN checks run one after another, so simultaneous guesses cannot all pass the lock check. */
  private readonly pinQueue = new JobQueue();

  constructor(private readonly options: KioskAccessOptions) {
    this.roster = options.roster;
    this.sessions = new Sessions(
      options.now,
      (userId) => this.roster.get(userId)?.manager === true,
      (s) => s.grant && this.grants?.end(s.grant.id, s.grant.expiresAt),
    );
  }

  /**
   * A paired kiosk device's own punch on the hub (laborPunch over its link) is worth one PIN entry,
   * as a forwarded one is: it spends the session's grant, and a session opened on a name tap has
   * none. Any other device, and this computer's own screen, punch on the session alone. A punch
   * refused on its merits (not on shift, a break too short) gives the grant back.
   */
  punchOnce<T>(session: Session, punchId: string | undefined, work: () => T): T {
    const grants = this.grants;
    if (currentCaller().deviceRole !== 'kiosk' || !grants) return work();
    const { grant } = session;
    const id = punchId ?? `${session.token}.${grant?.id ?? ''}`;
    if (!grant || !grants.spend(grant.id, id, grant.expiresAt))
      throw new AppError('pin-required', PIN_FOR_EACH_PUNCH, { role: 'staff' });
    try {
      return work();
    } catch (error) {
      grants.release(grant.id, id);
      throw error;
    }
  }

  requireStaff(token: string): Session {
    return this.sessions.require(token);
  }

  requireManager(token: string): Session {
    return this.sessions.require(token, true);
  }

  /** "Name (id)" of a session's person, for audit records. */
  who(session: Session): { userId: string; name: string } {
    return { userId: session.userId, name: this.roster.nameOf(session.userId) };
  }

  identify(input: IdentifyInput): Promise<StaffSession> {
    return this.pinQueue.run(async () => {
      const named = 'userId' in input ? input.userId : undefined;
      this.sessions.assertUnlocked(named);
      if (!('userId' in input)) {
        const member = await this.roster.identifyByPin(input.pin);
        if (!member) return this.wrongPin();
        this.sessions.recordGoodPin(member.userId);
        return this.sessionView(member.userId, member.manager, true);
      }
      const member = this.roster.get(input.userId);
      if (!member) throw new AppError('not-found', 'That person is not on this kiosk’s roster', { what: 'staff' });
      if (input.pin !== undefined) {
        if (!(await this.roster.verify(member.userId, input.pin))) return this.wrongPin(member.userId);
        this.sessions.recordGoodPin(member.userId);
        return this.sessionView(member.userId, member.manager, true);
      }
      if (member.pin && this.options.nameTapNeedsPin())
        throw new AppError('pin-required', 'Enter your PIN', { role: 'staff' });
      // No PIN checked: staff rights only, never a manager's, and no grant: a kiosk device's punch
      // of this session waits for a manager.
      return this.sessionView(member.userId, false, false);
    });
  }

  /**
   * Checks a manager's PIN without opening a session (refund approval); throws when it is not one.
   * `staffPinIsWrong`: a staff member's PIN is counted and refused exactly as a wrong one, for a pad
   * nobody watches (the host's sign-in page), which must not tell anyone which PINs are staff's nor
   * let them be tried without end.
   */
  approveByManagerPin(
    pin: string,
    options: { staffPinIsWrong?: boolean } = {},
  ): Promise<{ userId: string; name: string }> {
    return this.pinQueue.run(async () => {
      // The approval pad of the calling device: wrong PINs here never lock its sign-in pad.
      this.sessions.assertUnlocked(undefined, 'approval');
      const member = await this.roster.identifyByPin(pin);
      if (!member || (!member.manager && options.staffPinIsWrong)) return this.wrongPin(undefined, 'approval');
      if (!member.manager)
        throw new AppError('pin-required', 'That PIN is not a manager’s; a manager must approve', { role: 'manager' });
      this.sessions.recordGoodPin(member.userId, 'approval');
      return { userId: member.userId, name: member.name };
    });
  }

  /** First run only: while no manager with a PIN exists, anyone at the kiosk may create one. */
  async setupManager(input: { userId: string; name: string; pin: string }): Promise<StaffSession> {
    return this.pinQueue.run(async () => {
      if (this.roster.unreadable) throw rosterUnreadable();
      if (!this.roster.needsManagerSetup())
        throw new AppError('conflict', 'A manager already exists; sign in with a manager PIN', { what: 'manager' });
      const loc = this.options.locationUuid();
      const existing = this.roster.get(input.userId);
      this.roster.upsert({
        userId: input.userId,
        name: input.name,
        manager: true,
        roles: existing?.roles ?? (loc ? [{ locationUuid: loc, role: 'manager', roleUuid: null }] : []),
      });
      await this.roster.setPin(input.userId, input.pin);
      this.rosterChanged();
      return this.sessionView(input.userId, true, true);
    });
  }

  endSession(token: string): null {
    this.sessions.end(token);
    return null;
  }

  staff(token: string): StaffRecordView[] {
    this.requireManager(token);
    return this.roster.views();
  }

  saveStaff(token: string, input: StaffInput): StaffRecordView[] {
    this.requireManager(token);
    this.roster.upsert(input);
    this.rosterChanged();
    return this.roster.views();
  }

  removeStaff(token: string, userId: string): StaffRecordView[] {
    const s = this.requireManager(token);
    if (s.userId === userId)
      throw new AppError('conflict', 'You cannot remove yourself while signed in', { what: 'staff' });
    this.roster.remove(userId);
    this.rosterChanged();
    return this.roster.views();
  }

  async setPin(token: string, userId: string, pin: string | null): Promise<StaffRecordView[]> {
    this.requireManager(token);
    await this.roster.setPin(userId, pin);
    this.rosterChanged();
    return this.roster.views();
  }

  private rosterChanged(): void {
    this.sessions.recheck((userId) => this.roster.get(userId) !== undefined);
    this.options.changed();
  }

  /** A manager lifts the PIN lockouts of one device (this one when `deviceId` is null). */
  liftLockout(token: string, deviceId: string | null): void {
    this.requireManager(token);
    this.sessions.liftLockouts(deviceId ?? currentCaller().deviceId);
    this.options.changed();
  }

  private wrongPin(userId?: string, pad: Pad = 'sign-in'): never {
    const locked = this.sessions.recordWrongPin(userId, pad);
    this.options.changed();
    const error = locked ? this.sessions.lockedError(userId, pad) : null;
    if (error) throw error;
    const triesLeft = this.sessions.triesLeft(userId, pad);
    throw new AppError('invalid', wrongPinWords('That PIN is not recognised', triesLeft), {
      field: 'pin',
      reason: 'pin-not-recognised',
      triesLeft,
    });
  }

  private sessionView(userId: string, isManager: boolean, pinChecked: boolean): StaffSession {
    const s = this.sessions.open(userId, isManager);
    const member = this.roster.get(userId);
    const loc = this.options.locationUuid();
    const caller = currentCaller();
    const now = this.options.now();
    const kiosk = caller.deviceRole === 'kiosk' && this.grants !== null;
    let punchGrant: string | undefined;
    if (kiosk && pinChecked && this.grants) {
      const issued = this.grants.issue(caller.deviceId, userId, now, s.expiresAt);
      s.grant = { id: issued.id, expiresAt: s.expiresAt };
      punchGrant = issued.grant;
    }
    return {
      ...(kiosk ? { expiresInMs: s.expiresAt - now } : {}),
      ...(punchGrant ? { punchGrant } : {}),
      token: s.token,
      userId,
      name: this.roster.nameOf(userId),
      manager: isManager,
      roles: (member?.roles ?? [])
        .filter((r) => r.locationUuid === loc)
        .map(({ role, roleUuid }) => ({ role, roleUuid })),
      expiresAt: s.expiresAt,
    };
  }
}
