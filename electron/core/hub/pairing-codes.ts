// The 6-digit code a new device pairs with. One code is open at a time, for one role and one use.
// Its lifetime is fixed when a manager shows it: no guess ever extends it. After 5 wrong guesses
// the number is replaced (same role, same expiry), and guesses across the whole hub are limited
// to 10 a minute; past that, pairing refuses every attempt for a while without looking at the
// code. A million codes, at most 10 guesses a minute over a 10-minute life: one chance in 10 000
// per code a manager shows, and the manager can close pairing at any time.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { DeviceRole, HubPairingView } from '../../../shared/hub';

export const MAX_WRONG_CODES = 5;
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Attempts (right or wrong) the whole hub takes per minute before it stops listening a while. */
export const MAX_ATTEMPTS_PER_MINUTE = 10;
export const ATTEMPT_WINDOW_MS = 60_000;
export const RATE_LOCK_MS = 5 * 60_000;

export type PairingAttempt =
  | { ok: true; role: DeviceRole }
  | {
      ok: false;
      reason: 'no-code' | 'expired' | 'wrong' | 'replaced' | 'rate-limited';
      attemptsLeft: number;
      message: string;
      retryAfterMs?: number;
    };

interface OpenCode {
  code: string;
  role: DeviceRole;
  expiresAt: number;
  wrong: number;
}

export class PairingCodes {
  private open: OpenCode | null = null;
  private attempts: number[] = [];
  private lockedUntil = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onReplaced: () => void = () => {},
  ) {}

  /** A fresh code for `role`, living CODE_LIFETIME_MS from now; any earlier code stops working. */
  openCode(role: DeviceRole): HubPairingView {
    this.open = { code: newCode(), role, expiresAt: this.now() + CODE_LIFETIME_MS, wrong: 0 };
    return this.view()!;
  }

  /** A manager stops pairing: the open code stops working at once. */
  close(): void {
    this.open = null;
  }

  view(): HubPairingView | null {
    if (!this.open || this.open.expiresAt <= this.now()) return null;
    return {
      code: this.open.code,
      role: this.open.role,
      expiresAt: this.open.expiresAt,
      attemptsLeft: MAX_WRONG_CODES - this.open.wrong,
    };
  }

  attempt(code: string): PairingAttempt {
    const now = this.now();
    if (now < this.lockedUntil) return rateLimited(this.lockedUntil - now);
    this.attempts = this.attempts.filter((t) => t > now - ATTEMPT_WINDOW_MS);
    if (this.attempts.length >= MAX_ATTEMPTS_PER_MINUTE) {
      this.lockedUntil = now + RATE_LOCK_MS;
      this.attempts = [];
      return rateLimited(RATE_LOCK_MS);
    }
    this.attempts.push(now);
    const open = this.open;
    if (!open)
      return {
        ok: false,
        reason: 'no-code',
        attemptsLeft: 0,
        message: 'The hub is not pairing right now: ask a manager to show a pairing code on the hub',
      };
    if (open.expiresAt <= now) {
      this.open = null;
      return {
        ok: false,
        reason: 'expired',
        attemptsLeft: 0,
        message: 'That pairing code has expired: ask a manager for a new one',
      };
    }
    if (sameCode(code, open.code)) {
      this.open = null; // one use
      return { ok: true, role: open.role };
    }
    open.wrong += 1;
    if (open.wrong >= MAX_WRONG_CODES) {
      // A new number, the same role and the same expiry: whoever guessed starts over, blind, and
      // the code dies when the manager was told it would.
      this.open = { code: newCode(), role: open.role, expiresAt: open.expiresAt, wrong: 0 };
      this.onReplaced();
      return {
        ok: false,
        reason: 'replaced',
        attemptsLeft: 0,
        message: `${MAX_WRONG_CODES} wrong codes: the hub now shows a new code`,
      };
    }
    const attemptsLeft = MAX_WRONG_CODES - open.wrong;
    return {
      ok: false,
      reason: 'wrong',
      attemptsLeft,
      message: `That is not the code the hub shows (${attemptsLeft} tries left)`,
    };
  }
}

function rateLimited(retryAfterMs: number): PairingAttempt {
  return {
    ok: false,
    reason: 'rate-limited',
    attemptsLeft: 0,
    retryAfterMs,
    message: `Too many pairing attempts on this hub: try again in ${Math.ceil(retryAfterMs / 60_000)} min`,
  };
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function sameCode(given: string, code: string): boolean {
  const a = Buffer.from(String(given).trim());
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}
