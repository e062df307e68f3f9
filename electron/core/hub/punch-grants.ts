// The hub's signed word that it checked a person's PIN on a device: given with every session the
// hub opens for another device, and sent back with each punch that device forwards. A device's
// stored credential alone therefore cannot make the hub record a punch for anyone: the punch must
// carry a grant the hub made for that person on that device, and its time must fit the grant.
// The key is derived from the hub's private key, so grants outlive a hub restart.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long after the PIN a grant covers punches (a session slides while it is used). */
export const GRANT_WINDOW_MS = 15 * 60_000;

export type GrantCheck = { ok: true; openedAt: number } | { ok: false };

export class PunchGrants {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = createHash('sha256').update('venue punch grant v1\n').update(secret).digest();
  }

  issue(deviceId: string, userId: string, openedAt: number): string {
    return `${openedAt}.${this.sign(deviceId, userId, openedAt)}`;
  }

  check(grant: unknown, deviceId: string, userId: string): GrantCheck {
    if (typeof grant !== 'string' || grant.length > 200) return { ok: false };
    const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (!match) return { ok: false };
    const openedAt = Number(match[1]);
    const expected = Buffer.from(this.sign(deviceId, userId, openedAt));
    const given = Buffer.from(match[2]);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? { ok: true, openedAt }
      : { ok: false };
  }

  private sign(deviceId: string, userId: string, openedAt: number): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([deviceId, userId, openedAt]))
      .digest('base64url');
  }
}
