// Who is at the kiosk: a PIN (or a tapped name) opens a short session whose token authorises that
// person's punches, or a manager's edits. Sessions live in memory only and slide on use.
import { randomBytes } from 'node:crypto';

export interface Session {
  token: string;
  userId: string;
  manager: boolean;
  expiresAt: number;
  ttlMs: number;
}

export const STAFF_SESSION_MS = 2 * 60_000;
export const MANAGER_SESSION_MS = 15 * 60_000;

/** Wrong PINs in a row before the pad locks, and for how long. */
export const LOCKOUT_AFTER = 5;
export const LOCKOUT_MS = 30_000;

export class Sessions {
  private readonly sessions = new Map<string, Session>();
  private wrongPins = 0;
  private lockedUntil = 0;

  constructor(private readonly now: () => number) {}

  open(userId: string, manager: boolean): Session {
    const ttlMs = manager ? MANAGER_SESSION_MS : STAFF_SESSION_MS;
    const s: Session = { token: randomBytes(24).toString('hex'), userId, manager, expiresAt: this.now() + ttlMs, ttlMs };
    this.sessions.set(s.token, s);
    return s;
  }

  /** The live session for a token (its expiry slides), or an error a person can act on. */
  require(token: string, manager = false): Session {
    const s = this.sessions.get(token);
    if (!s || s.expiresAt < this.now()) {
      this.sessions.delete(token);
      throw new Error(manager ? 'The manager session has ended; enter a manager PIN again' : 'Your session has ended; enter your PIN again');
    }
    if (manager && !s.manager) throw new Error('Only a manager can do this');
    s.expiresAt = this.now() + s.ttlMs;
    return s;
  }

  /** A live manager session exists (the Electron kiosk may then close its window). */
  anyManagerSession(): boolean {
    const now = this.now();
    for (const s of this.sessions.values()) if (s.manager && s.expiresAt >= now) return true;
    return false;
  }

  end(token: string): void {
    this.sessions.delete(token);
  }

  lockedUntilMs(): number | null {
    return this.lockedUntil > this.now() ? this.lockedUntil : null;
  }

  assertUnlocked(): void {
    const until = this.lockedUntilMs();
    if (until) throw new Error(`Too many wrong PINs: the pad is locked for ${Math.ceil((until - this.now()) / 1000)} s`);
  }

  /** Returns true when this failure locked the pad. */
  recordWrongPin(): boolean {
    this.wrongPins += 1;
    if (this.wrongPins < LOCKOUT_AFTER) return false;
    this.wrongPins = 0;
    this.lockedUntil = this.now() + LOCKOUT_MS;
    return true;
  }

  recordGoodPin(): void {
    this.wrongPins = 0;
  }
}
