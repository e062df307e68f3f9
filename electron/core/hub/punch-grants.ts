// The hub's signed word that it checked a person's PIN on a device, good for one punch: given with
// a session the hub opens for a kiosk device after a PIN (never after a name tap), and sent back
// with the punch that device forwards. A device's stored credential alone therefore cannot make the
// hub record a punch for anyone, and one PIN entry records one punch: the hub writes each grant's
// use down (hub/punch-grants.log, fsynced before the punch counts), so a second punch with it is
// refused, after a restart too. Signing out ends the grant (written down the same way); its
// session's end is in the grant itself, and a punch arriving after it waits for a manager.
// The key is derived from the hub's private key, so grants outlive a hub restart.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { AppendLog, reportDamagedLines } from '../labor/append-log';
import type { DamageSink } from '../storage/data-health';

/**
 * How long after its session's end a grant's use is kept. A punch with an older grant is refused
 * outright: its use may no longer be on record. Two weeks, as long as decided reviews are listed.
 */
export const GRANT_KEPT_MS = 14 * 24 * 3600_000;
const LOG = 'punch-grants.log';
/** Lines the log may carry beyond the live ones before it is rewritten with the live ones only. */
const COMPACT_SLACK = 2_000;

/** What the hub made of a grant a punch carries. */
export type GrantCheck =
  { ok: true; id: string; openedAt: number; expiresAt: number } | { ok: false; why: GrantRefusal };

/**
 * forged: not a grant this hub signed for this person on this device; used: another punch used it;
 * ended: its session was signed out; stale: too old for its use to be on record.
 */
export type GrantRefusal = 'forged' | 'used' | 'ended' | 'stale';

/** One line of the log: a grant used by a punch, given back by it, or ended by a sign-out. */
type Line =
  | { used: string; punch: string; until: number }
  | { released: string; punch: string; until: number }
  | { ended: string; until: number };

interface State {
  /** The punch that used it; null while unused. */
  punch: string | null;
  ended: boolean;
  until: number;
}

export interface PunchGrantsOptions {
  /** The data folder; without one (tests of the signature alone) nothing is written. */
  dataDir?: string;
  now?: () => number;
  damage?: DamageSink;
}

export class PunchGrants {
  private readonly key: Buffer;
  private readonly now: () => number;
  private readonly states = new Map<string, State>();
  private readonly log: AppendLog<Line> | null;
  private lines = 0;

  constructor(secret: string | Buffer, options: PunchGrantsOptions = {}) {
    this.key = createHash('sha256').update('venue punch grant v1\n').update(secret).digest();
    this.now = options.now ?? Date.now;
    if (!options.dataDir) {
      this.log = null;
      return;
    }
    const dir = join(options.dataDir, 'hub');
    const opened = AppendLog.open(dir, LOG, readLine, this.now);
    reportDamagedLines(
      join(dir, LOG),
      opened,
      {
        label: "The venue hub's list of used punch grants",
        consequence:
          'A PIN entered on a kiosk shortly before could record one more punch: check the timesheet for a doubled punch from a kiosk.',
      },
      options.damage,
    );
    this.log = opened.log;
    for (const line of opened.records) this.take(line);
    this.lines = opened.records.length;
    this.prune();
    this.compactIfDue();
  }

  /** A grant for one punch of the session `userId` opened on `deviceId` with a PIN. */
  issue(deviceId: string, userId: string, openedAt: number, expiresAt: number): { grant: string; id: string } {
    const id = randomBytes(16).toString('base64url');
    const fields = `2.${openedAt}.${expiresAt}.${id}`;
    return { grant: `${fields}.${this.sign([2, deviceId, userId, openedAt, expiresAt, id])}`, id };
  }

  /** Whether `punchId` may be recorded on this grant: signed for this person here, and not used by another punch. */
  check(grant: unknown, deviceId: string, userId: string, punchId: string): GrantCheck {
    const read = this.read(grant, deviceId, userId);
    if (!read) return { ok: false, why: 'forged' };
    if (read.expiresAt < this.now() - GRANT_KEPT_MS) return { ok: false, why: 'stale' };
    const state = this.states.get(read.id);
    if (state?.punch && state.punch !== punchId) return { ok: false, why: 'used' };
    if (state?.ended && state.punch !== punchId) return { ok: false, why: 'ended' };
    return { ok: true, ...read };
  }

  /**
   * Written down before the punch counts: a failed write throws and the punch is not recorded.
   * False, with nothing written, when another punch used it or its session was signed out.
   */
  spend(id: string, punchId: string, expiresAt: number): boolean {
    const state = this.states.get(id);
    if (state?.punch === punchId) return true;
    if (state?.punch || state?.ended) return false;
    this.append({ used: id, punch: punchId, until: expiresAt });
    return true;
  }

  /** The punch was refused after all (not on shift, a break too short): the grant is good for another. */
  release(id: string, punchId: string): void {
    const state = this.states.get(id);
    if (state?.punch !== punchId) return;
    this.append({ released: id, punch: punchId, until: state.until });
  }

  /** The session was signed out: a punch that has not used the grant yet never will. */
  end(id: string, expiresAt: number): void {
    const state = this.states.get(id);
    if (state?.punch || state?.ended) return;
    this.append({ ended: id, until: expiresAt });
  }

  close(): void {
    this.log?.close();
  }

  private append(line: Line): void {
    this.log?.append(line);
    this.take(line);
    this.lines++;
    this.compactIfDue();
  }

  private take(line: Line): void {
    const id = 'used' in line ? line.used : 'released' in line ? line.released : line.ended;
    const state = this.states.get(id) ?? { punch: null, ended: false, until: line.until };
    if ('used' in line) state.punch = line.punch;
    else if ('released' in line) state.punch = state.punch === line.punch ? null : state.punch;
    else state.ended = true;
    this.states.set(id, state);
  }

  /** Grants whose use no longer matters (a punch with one is refused as stale anyway). */
  private prune(): void {
    const cutoff = this.now() - GRANT_KEPT_MS;
    for (const [id, state] of this.states) if (state.until < cutoff) this.states.delete(id);
  }

  /** Rewritten with the live grants once the log holds twice as many lines (each rewrite pays for itself). */
  private compactIfDue(): void {
    const due = () => this.lines > 2 * this.states.size + COMPACT_SLACK;
    if (!this.log || !due()) return;
    this.prune();
    if (!due()) return;
    const live: Line[] = [];
    for (const [id, s] of this.states) {
      if (s.punch) live.push({ used: id, punch: s.punch, until: s.until });
      if (s.ended) live.push({ ended: id, until: s.until });
    }
    this.log.rewrite(live);
    this.lines = live.length;
  }

  /** The grant's fields when its signature is this hub's for this person on this device. */
  private read(
    grant: unknown,
    deviceId: string,
    userId: string,
  ): { id: string; openedAt: number; expiresAt: number } | null {
    if (typeof grant !== 'string' || grant.length > 200) return null;
    const v2 = /^2\.(\d{1,16})\.(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (v2) {
      const [openedAt, expiresAt, id] = [Number(v2[1]), Number(v2[2]), v2[3]];
      return this.same(v2[4], [2, deviceId, userId, openedAt, expiresAt, id]) ? { id, openedAt, expiresAt } : null;
    }
    // A grant of the release before one-use grants, still queued on a kiosk across the upgrade:
    // its signature names it, and it counts as over at once, so its punch waits for a manager.
    const v1 = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(grant);
    if (!v1) return null;
    const openedAt = Number(v1[1]);
    return this.same(v1[2], [deviceId, userId, openedAt]) ? { id: `v1.${v1[2]}`, openedAt, expiresAt: openedAt } : null;
  }

  private same(given: string, fields: unknown[]): boolean {
    const expected = Buffer.from(this.sign(fields));
    const got = Buffer.from(given);
    return expected.length === got.length && timingSafeEqual(expected, got);
  }

  private sign(fields: unknown[]): string {
    return createHmac('sha256', this.key).update(JSON.stringify(fields)).digest('base64url');
  }
}

function readLine(v: unknown): Line | null {
  if (typeof v !== 'object' || v === null) return null;
  const l = v as Record<string, unknown>;
  if (typeof l.until !== 'number') return null;
  if (typeof l.used === 'string' && typeof l.punch === 'string') return l as Line;
  if (typeof l.released === 'string' && typeof l.punch === 'string') return l as Line;
  if (typeof l.ended === 'string') return l as Line;
  return null;
}
