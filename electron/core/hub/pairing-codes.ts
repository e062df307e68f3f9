// The 6-digit code a new device pairs with. One code is open at a time, for one role, for a few
// minutes and one use. A million codes and 5 guesses per code: after the fifth wrong one the code
// is replaced, so guessing is one chance in 200 000 per code a manager has to read out again.
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { DeviceRole, HubPairingView } from '../../../shared/hub';

export const MAX_WRONG_CODES = 5;
export const CODE_LIFETIME_MS = 10 * 60_000;

export type PairingAttempt =
  | { ok: true; role: DeviceRole }
  | { ok: false; reason: 'no-code' | 'expired' | 'wrong' | 'replaced'; attemptsLeft: number; message: string };

interface OpenCode {
  code: string;
  role: DeviceRole;
  expiresAt: number;
  wrong: number;
}

export class PairingCodes {
  private open: OpenCode | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onReplaced: () => void = () => {},
  ) {}

  /** A fresh code for `role`; any earlier code stops working. */
  openCode(role: DeviceRole): HubPairingView {
    this.open = { code: newCode(), role, expiresAt: this.now() + CODE_LIFETIME_MS, wrong: 0 };
    return this.view()!;
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
    const open = this.open;
    if (!open)
      return {
        ok: false,
        reason: 'no-code',
        attemptsLeft: 0,
        message: 'The hub is not pairing right now: ask a manager to show a pairing code on the hub',
      };
    if (open.expiresAt <= this.now()) {
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
      // Same role and lifetime, a new number: whoever guessed has to start over, blind.
      this.open = { code: newCode(), role: open.role, expiresAt: this.now() + CODE_LIFETIME_MS, wrong: 0 };
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

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function sameCode(given: string, code: string): boolean {
  const a = Buffer.from(String(given).trim());
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}
