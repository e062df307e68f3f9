// The 6-digit code a new device pairs with. One code is open at a time, for one role and one use.
// Its lifetime is fixed when a manager shows it: no guess ever extends it. After 5 wrong guesses
// the number is replaced (same role, same expiry). Guesses are limited per source address (an IPv6
// one by its /64, which one device can fill with addresses): 10 a minute, and past that that
// address is refused for 5 minutes without the code being looked at. Nothing locks pairing for
// everyone, so a neighbour guessing cannot keep the right device out, and a new code is never born
// locked. The right code only asks: the device then waits until a manager on the hub allows it
// (pairing-requests.ts), so a code read off the screen or guessed pairs nothing by itself.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { DeviceRole, HubPairingLockView, HubPairingView } from '../../../shared/hub';
import { ipBits } from '../../../shared/ip-ranges';

export const MAX_WRONG_CODES = 5;
export const CODE_LIFETIME_MS = 10 * 60_000;
/** Attempts (right or wrong) one source address makes per minute before it is refused a while. */
export const MAX_ATTEMPTS_PER_MINUTE = 10;
export const ATTEMPT_WINDOW_MS = 60_000;
export const RATE_LOCK_MS = 5 * 60_000;
/** Source addresses remembered at once; the quietest are forgotten first past it. */
const MAX_SOURCES = 4096;

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

interface Source {
  attempts: number[];
  lockedUntil: number;
}

export class PairingCodes {
  private open: OpenCode | null = null;
  private readonly sources = new Map<string, Source>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onReplaced: () => void = () => {},
    /** An address was just locked out: the Devices tab shows it. */
    private readonly onLocked: () => void = () => {},
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

  /** Addresses refused right now, the soonest free first. */
  locks(): HubPairingLockView[] {
    const now = this.now();
    return [...this.sources]
      .filter(([, s]) => s.lockedUntil > now)
      .map(([address, s]) => ({ address, until: s.lockedUntil }))
      .sort((a, b) => a.until - b.until);
  }

  /** A code tried from `from` (the request's source address). */
  attempt(code: string, from: string): PairingAttempt {
    const now = this.now();
    const source = this.source(sourceKey(from), now);
    if (now < source.lockedUntil) return rateLimited(source.lockedUntil - now);
    source.attempts = source.attempts.filter((t) => t > now - ATTEMPT_WINDOW_MS);
    if (source.attempts.length >= MAX_ATTEMPTS_PER_MINUTE) {
      source.lockedUntil = now + RATE_LOCK_MS;
      source.attempts = [];
      this.onLocked();
      return rateLimited(RATE_LOCK_MS);
    }
    source.attempts.push(now);
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

  private source(key: string, now: number): Source {
    let source = this.sources.get(key);
    if (source) return source;
    if (this.sources.size >= MAX_SOURCES) {
      // Forget whoever has not tried for a minute and is not locked; the oldest entry if all are.
      for (const [k, s] of this.sources)
        if (s.lockedUntil <= now && s.attempts.every((t) => t <= now - ATTEMPT_WINDOW_MS)) this.sources.delete(k);
      if (this.sources.size >= MAX_SOURCES) this.sources.delete(this.sources.keys().next().value!);
    }
    source = { attempts: [], lockedUntil: 0 };
    this.sources.set(key, source);
    return source;
  }
}

/** One key per address; per /64 for IPv6, where one device may hold a whole /64 of them. */
export function sourceKey(from: string): string {
  const address = from.startsWith('::ffff:') ? from.slice(7) : from;
  const bits = ipBits(address);
  if (!bits || bits.length === 32) return address;
  const groups = (bits.slice(0, 64).match(/.{16}/g) ?? []).map((g) => parseInt(g, 2).toString(16));
  return `${groups.join(':')}::/64`;
}

function rateLimited(retryAfterMs: number): PairingAttempt {
  return {
    ok: false,
    reason: 'rate-limited',
    attemptsLeft: 0,
    retryAfterMs,
    message: `Too many pairing attempts from this device: try again in ${Math.ceil(retryAfterMs / 60_000)} min`,
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
