// Who is at the kiosk: a PIN (or a tapped name) opens a short session whose token authorises that
// person's punches, or a manager's edits. Sessions live in memory only and slide on use. Manager
// rights are re-read from the roster on every use, so a demotion or removal takes effect at once.
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/app-error';

export interface Session {
  token: string;
  userId: string;
  manager: boolean;
  expiresAt: number;
  ttlMs: number;
}

export const STAFF_SESSION_MS = 2 * 60_000;
export const MANAGER_SESSION_MS = 15 * 60_000;

/** Wrong PINs (for one person, or at this kiosk within the window) before the pad locks, and for how long. */
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MS = 30_000;
/** Wrong PINs at the kiosk are counted over this window; a correct PIN never clears them. */
export const KIOSK_WINDOW_MS = 10 * 60_000;
/** Every further lockout inside the window doubles, up to this. */
export const LOCKOUT_MAX_MS = 15 * 60_000;

interface Counter {
  wrong: number[];
  lockedUntil: number;
  lockouts: number;
}

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly now: () => number,
    /** Whether this person is a manager on the roster right now (false once removed). */
    private readonly isManagerNow: (userId: string) => boolean = () => true,
  ) {}

  open(userId: string, manager: boolean): Session {
    const ttlMs = manager ? MANAGER_SESSION_MS : STAFF_SESSION_MS;
    const s: Session = {
      token: randomBytes(24).toString('hex'),
      userId,
      manager,
      expiresAt: this.now() + ttlMs,
      ttlMs,
    };
    this.sessions.set(s.token, s);
    return s;
  }

  /** The live session for a token (its expiry slides), or an error a person can act on. */
  require(token: string, manager = false): Session {
    const s = this.live(token);
    if (!s)
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

  /** Whether any manager session is live on this kiosk (kiosk-mode settings need one; the Electron kiosk may then close its window). */
  hasLiveManager(): boolean {
    return [...this.sessions.keys()].some((t) => this.live(t)?.manager === true);
  }

  /** Kept for the Electron shell's close guard. */
  anyManagerSession(): boolean {
    return this.hasLiveManager();
  }

  end(token: string): void {
    this.sessions.delete(token);
  }

  /** Roster changed: drop manager rights (or the whole session) of anyone no longer entitled. */
  recheck(exists: (userId: string) => boolean): void {
    for (const [token, s] of this.sessions) {
      if (!exists(s.userId)) this.sessions.delete(token);
      else if (s.manager && !this.isManagerNow(s.userId)) this.sessions.delete(token);
    }
  }

  lockedUntilMs(userId?: string): number | null {
    const until = Math.max(this.counter('kiosk').lockedUntil, userId ? this.counter(`user:${userId}`).lockedUntil : 0);
    return until > this.now() ? until : null;
  }

  assertUnlocked(userId?: string): void {
    const until = this.lockedUntilMs(userId);
    if (until) throw lockedOut(until, this.now(), userId);
  }

  /** Counts a wrong PIN at this kiosk and, when the person was named, against that person. True when it locked. */
  recordWrongPin(userId?: string): boolean {
    let locked = this.bump('kiosk');
    if (userId) locked = this.bump(`user:${userId}`) || locked;
    return locked;
  }

  /** A correct PIN clears only that person's own count; the kiosk's count decays with time alone. */
  recordGoodPin(userId: string): void {
    this.counters.delete(`user:${userId}`);
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

  private counter(key: string): Counter {
    let c = this.counters.get(key);
    if (!c) this.counters.set(key, (c = { wrong: [], lockedUntil: 0, lockouts: 0 }));
    return c;
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

/** The pad is locked (for this person, or the whole kiosk) until `until`. */
export function lockedOut(until: number, now: number, userId?: string): AppError<'locked-out'> {
  return new AppError('locked-out', `Too many wrong PINs: the pad is locked for ${Math.ceil((until - now) / 1000)} s`, {
    until,
    deviceId: null,
    userId: userId ?? null,
  });
}
