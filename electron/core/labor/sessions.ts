// Who is at which device: a PIN (or a tapped name) opens a short session on the device that asked,
// whose token authorises that person's punches, or a manager's edits, on that device only. Sessions
// live in memory only and slide on use. Manager rights are re-read from the roster on every use, so
// a demotion or removal takes effect at once. Wrong PINs count per device and pad (the sign-in pad
// and a refund's approval are two pads) and per person on that device, so guesses at one kiosk or
// in a refund dialog never lock another device's pad.
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/app-error';
import { currentCaller, LOCAL_DEVICE_ID } from '../caller';

export interface Session {
  token: string;
  userId: string;
  manager: boolean;
  expiresAt: number;
  ttlMs: number;
  /** The device the PIN was entered on; the token works there only. */
  deviceId: string;
  /** A kiosk device's session opened with a PIN: its grant for one punch (hub/punch-grants.ts). */
  grant?: { id: string; expiresAt: number };
}

/** Where a PIN is typed: the sign-in pad, or a manager's approval inside a request (refunds). */
export type Pad = 'sign-in' | 'approval';

export const STAFF_SESSION_MS = 2 * 60_000;
export const MANAGER_SESSION_MS = 15 * 60_000;

/** Wrong PINs (for one person, or at this kiosk within the window) before the pad locks, and for how long. */
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MS = 30_000;
/** Wrong PINs at the kiosk are counted over this window; a correct PIN never clears them. */
export const KIOSK_WINDOW_MS = 10 * 60_000;
/** Every further lockout inside the window doubles, up to this. */
export const LOCKOUT_MAX_MS = 15 * 60_000;
/** A wrong PIN says how many tries are left once this few remain, so a lock never comes unwarned. */
export const WARN_TRIES_LEFT = 2;

/** One pad's (or one person's) wrong PINs in the window, and its lock. */
export interface Lockout {
  wrong: number[];
  lockedUntil: number;
  lockouts: number;
}

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  private readonly counters = new Map<string, Lockout>();

  constructor(
    private readonly now: () => number,
    /** Whether this person is a manager on the roster right now (false once removed). */
    private readonly isManagerNow: (userId: string) => boolean = () => true,
    /** A session was signed out (not one that timed out): its grant ends with it. */
    private readonly ended: (s: Session) => void = () => {},
  ) {}

  /** Opens a session on the calling device. */
  open(userId: string, manager: boolean): Session {
    const ttlMs = manager ? MANAGER_SESSION_MS : STAFF_SESSION_MS;
    const s: Session = {
      token: randomBytes(24).toString('hex'),
      userId,
      manager,
      expiresAt: this.now() + ttlMs,
      ttlMs,
      deviceId: currentCaller().deviceId,
    };
    this.sessions.set(s.token, s);
    return s;
  }

  /**
   * The live session for a token on the calling device (its expiry slides), or an error a person
   * can act on. A token opened on another device is no session here.
   */
  require(token: string, manager = false): Session {
    const s = this.live(token);
    if (!s || s.deviceId !== currentCaller().deviceId)
      throw new AppError(
        'pin-required',
        manager
          ? 'The manager session has ended; enter a manager PIN again'
          : 'Your session has ended; enter your PIN again',
        { role: manager ? 'manager' : 'staff' },
      );
    if (manager && !s.manager) throw new AppError('pin-required', 'Only a manager can do this', { role: 'manager' });
    s.expiresAt = this.now() + s.ttlMs;
    return s;
  }

  /** The live session behind a token on the calling device, or null (never throws, never slides). */
  peek(token: string): Session | null {
    const s = this.live(token);
    return s && s.deviceId === currentCaller().deviceId ? s : null;
  }

  /** Whether a manager session is live on `deviceId` (settings there need one; the Electron kiosk may then close its window). */
  hasLiveManager(deviceId: string = currentCaller().deviceId): boolean {
    return [...this.sessions.keys()].some((t) => {
      const s = this.live(t);
      return s?.manager === true && s.deviceId === deviceId;
    });
  }

  /**
   * The manager signed in on `deviceId` whose session lasts longest, if any. With `use`, asking is
   * a use of that device's manager sessions: a manager working in Settings is not timed out.
   */
  managerOn(deviceId: string, use = false): Session | null {
    let found: Session | null = null;
    for (const token of [...this.sessions.keys()]) {
      const s = this.live(token);
      if (s?.manager !== true || s.deviceId !== deviceId) continue;
      if (use) s.expiresAt = this.now() + s.ttlMs;
      if (!found || s.expiresAt > found.expiresAt) found = s;
    }
    return found;
  }

  /** Ends every manager session on `deviceId` (a manager signs out of settings there). */
  endManagers(deviceId: string): void {
    for (const [token, s] of this.sessions) if (s.manager && s.deviceId === deviceId) this.endOne(token, s);
  }

  /** The Electron shell's close guard: a manager signed in on this computer's own screen. */
  anyManagerSession(): boolean {
    return this.hasLiveManager(LOCAL_DEVICE_ID);
  }

  /**
   * Takes in a session another authority opened for this device (the venue hub's, for a kiosk
   * device): its token is the hub's, its `expiresAt` already on this clock (never the hub's: the
   * two may differ), and it lives here like one opened here.
   */
  adopt(token: string, userId: string, manager: boolean, expiresAt: number): Session {
    const s: Session = {
      token,
      userId,
      manager,
      expiresAt,
      ttlMs: manager ? MANAGER_SESSION_MS : STAFF_SESSION_MS,
      deviceId: currentCaller().deviceId,
    };
    this.sessions.set(token, s);
    return s;
  }

  end(token: string): void {
    const s = this.sessions.get(token);
    if (s) this.endOne(token, s);
  }

  /** Roster changed: drop manager rights (or the whole session) of anyone no longer entitled. */
  recheck(exists: (userId: string) => boolean): void {
    for (const [token, s] of this.sessions) {
      if (!exists(s.userId)) this.endOne(token, s);
      else if (s.manager && !this.isManagerNow(s.userId)) this.endOne(token, s);
    }
  }

  /** Out of memory first: a grant whose end cannot be written still ends the session here. */
  private endOne(token: string, s: Session): void {
    this.sessions.delete(token);
    this.ended(s);
  }

  /** Until when the pad of `deviceId` (the caller's by default) is locked for `userId` or for everyone; null when open. */
  lockedUntilMs(userId?: string, pad: Pad = 'sign-in', deviceId: string = currentCaller().deviceId): number | null {
    const until = Math.max(
      this.peekCounter(padKey(deviceId, pad))?.lockedUntil ?? 0,
      userId ? (this.peekCounter(personKey(deviceId, pad, userId))?.lockedUntil ?? 0) : 0,
    );
    return until > this.now() ? until : null;
  }

  assertUnlocked(userId?: string, pad: Pad = 'sign-in'): void {
    const deviceId = currentCaller().deviceId;
    const until = this.lockedUntilMs(userId, pad, deviceId);
    if (until) throw lockedOut(until, deviceId, userId, pad, this.now());
  }

  /** Counts a wrong PIN on the caller's pad and, when the person was named, against that person there. True when it locked. */
  recordWrongPin(userId?: string, pad: Pad = 'sign-in'): boolean {
    const deviceId = currentCaller().deviceId;
    let locked = this.bump(padKey(deviceId, pad));
    if (userId) locked = this.bump(personKey(deviceId, pad, userId)) || locked;
    return locked;
  }

  /**
   * The wrong PINs the caller's pad (and, when named, that person there) still takes before it
   * locks, when that is few enough to warn (WARN_TRIES_LEFT); null otherwise, and when locked.
   */
  triesLeft(userId?: string, pad: Pad = 'sign-in'): number | null {
    const deviceId = currentCaller().deviceId;
    if (this.lockedUntilMs(userId, pad, deviceId)) return null;
    const since = this.now() - KIOSK_WINDOW_MS;
    const counted = (key: string) => this.peekCounter(key)?.wrong.filter((t) => t > since).length ?? 0;
    const used = Math.max(counted(padKey(deviceId, pad)), userId ? counted(personKey(deviceId, pad, userId)) : 0);
    const left = LOCKOUT_AFTER - used;
    return left > 0 && left <= WARN_TRIES_LEFT ? left : null;
  }

  /** A correct PIN clears only that person's own count on this pad; the pad's count decays with time alone. */
  recordGoodPin(userId: string, pad: Pad = 'sign-in'): void {
    this.counters.delete(personKey(currentCaller().deviceId, pad, userId));
  }

  /** A manager lifts every lockout of one device (both pads, every person). True when one was on. */
  liftLockouts(deviceId: string): boolean {
    let lifted = false;
    for (const key of [...this.counters.keys()]) {
      if (!key.startsWith(`${deviceId}\u0000`)) continue;
      if ((this.counters.get(key)?.lockedUntil ?? 0) > this.now()) lifted = true;
      this.counters.delete(key);
    }
    return lifted;
  }

  /** A copy of the count of the caller's pad, for a device that keeps it on disk across restarts. */
  padLockout(pad: Pad = 'sign-in'): Lockout {
    const c = this.peekCounter(padKey(currentCaller().deviceId, pad));
    return c ? { ...c, wrong: [...c.wrong] } : { wrong: [], lockedUntil: 0, lockouts: 0 };
  }

  /** Puts back the count of the caller's pad kept on disk, so a restart gives a guesser no fresh tries. */
  restorePadLockout(lockout: Lockout, pad: Pad = 'sign-in'): void {
    this.counters.set(padKey(currentCaller().deviceId, pad), { ...lockout, wrong: [...lockout.wrong] });
  }

  /** The error for a locked pad, with the moment it opens again. */
  lockedError(userId?: string, pad: Pad = 'sign-in'): AppError<'locked-out'> | null {
    const deviceId = currentCaller().deviceId;
    const until = this.lockedUntilMs(userId, pad, deviceId);
    return until ? lockedOut(until, deviceId, userId, pad, this.now()) : null;
  }

  private live(token: string): Session | null {
    const s = this.sessions.get(token);
    if (!s || s.expiresAt < this.now()) {
      this.sessions.delete(token);
      return null;
    }
    if (s.manager && !this.isManagerNow(s.userId)) s.manager = false;
    return s;
  }

  private counter(key: string): Lockout {
    let c = this.counters.get(key);
    if (!c) this.counters.set(key, (c = { wrong: [], lockedUntil: 0, lockouts: 0 }));
    return c;
  }

  private peekCounter(key: string): Lockout | undefined {
    return this.counters.get(key);
  }

  private bump(key: string): boolean {
    const c = this.counter(key);
    const now = this.now();
    c.wrong = c.wrong.filter((t) => t > now - KIOSK_WINDOW_MS);
    if (c.wrong.length === 0 && c.lockedUntil < now - KIOSK_WINDOW_MS) c.lockouts = 0;
    c.wrong.push(now);
    if (c.wrong.length < LOCKOUT_AFTER) return false;
    c.wrong = [];
    c.lockedUntil = now + Math.min(LOCKOUT_MS * 2 ** c.lockouts, LOCKOUT_MAX_MS);
    c.lockouts += 1;
    return true;
  }
}

/** A wrong PIN's English message, with "2 tries left before the pad locks" when the pad is close to it. */
export function wrongPinWords(refused: string, triesLeft: number | null): string {
  if (triesLeft === null) return refused;
  return `${refused.replace(/\.$/, '')}: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before the pad locks.`;
}

function padKey(deviceId: string, pad: Pad): string {
  return `${deviceId}\u0000${pad}`;
}

function personKey(deviceId: string, pad: Pad, userId: string): string {
  return `${deviceId}\u0000${pad}\u0000${userId}`;
}

function lockedOut(
  until: number,
  deviceId: string,
  userId: string | undefined,
  pad: Pad,
  now: number,
): AppError<'locked-out'> {
  return new AppError('locked-out', `Too many wrong PINs: the pad is locked for ${Math.ceil((until - now) / 1000)} s`, {
    until,
    deviceId,
    userId: userId ?? null,
    pad,
  });
}
