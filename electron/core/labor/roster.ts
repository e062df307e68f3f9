// The staff roster of this kiosk: names, roles per location, manager flag and PIN hashes. The
// spec has no staff route, so the roster is kept here and maintained by a manager (in sandbox
// mode it is seeded from the sandbox's demo staff with the demo PINs of docs/sandbox.md).
import { z } from 'zod';
import { AppError } from '../../../shared/app-error';
import type { StaffCard, StaffInput, StaffRecordView } from '../../../shared/labor';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import { hashPin, PIN_PATTERN, verifyPin, type PinHash } from './pin-hash';
import { findByPin, pinTag } from './pin-lookup';
import { randomBytes } from 'node:crypto';
import type { DamageSink } from '../storage/data-health';
import { existsSync } from 'node:fs';
import { keepDamagedCopy } from '../storage/damaged-copy';
import { join } from 'node:path';

const FILE = 'labor-staff.json';

const pinHashSchema = z.object({
  salt: z.string(),
  hash: z.string(),
  N: z.number().int(),
  r: z.number().int(),
  p: z.number().int(),
});
const staffSchema = z.object({
  userId: z.string().min(1),
  name: z.string(),
  manager: z.boolean(),
  pin: pinHashSchema.nullable(),
  /** The PIN's lookup tag under the venue's tag salt (pin-lookup.ts); absent on hashes made before tags. */
  pinTag: pinHashSchema.nullable().optional(),
  roles: z.array(z.object({ locationUuid: z.string(), role: z.string(), roleUuid: z.string().nullable() })),
  /**
   * The PIN is the well-known one the practice venue's seeding gave (true), or one set here
   * (false). Absent on lists written before the mark: the PIN is then compared with the demo one.
   */
  demoPin: z.boolean().optional(),
});
const fileSchema = z.object({
  version: z.literal(1),
  seeded: z.boolean(),
  /** The venue-wide salt of every person's lookup tag; made when first needed. */
  tagSalt: z.string().optional(),
  staff: z.array(staffSchema),
  /** When the venue left the practice service and the practice PINs were removed, from whom. */
  practicePinsRemoved: z.object({ at: z.number(), names: z.array(z.string()) }).optional(),
});

export type StaffRecord = z.infer<typeof staffSchema>;
type RosterFile = z.infer<typeof fileSchema>;

export interface DemoStaff {
  userId: string;
  name: string;
  locationUuid: string;
  role: string;
  roleUuid: string;
}

export const ROSTER_UNREADABLE =
  "This kiosk's staff list could not be read, so nobody can sign in. Ask whoever looks after this computer to restore it (a copy was kept).";

/** The staff file is damaged (and was kept aside): nobody can sign in until it is restored. */
export function rosterUnreadable(): AppError<'data-damaged'> {
  return new AppError('data-damaged', ROSTER_UNREADABLE, { file: FILE });
}

export class Roster {
  private data: RosterFile;
  /** Counts this run's writes of the list: what is derived from it is made again when it moves. */
  private writes = 0;
  private seeding: Promise<boolean> | null = null;
  private dropping: Promise<StaffRecord[]> | null = null;
  /**
   * Set when labor-staff.json existed but could not be read. It is left where it is (a copy is
   * kept aside) and never overwritten: a roster that existed is an error to repair, never a first
   * run, or whoever stands at the kiosk could make themselves its manager.
   */
  unreadable: { keptAs: string | null; message: string } | null;

  constructor(
    private readonly dir: string,
    private readonly scryptN: number,
    log?: (line: string) => void,
    private readonly care: { damage?: DamageSink; expected?: boolean; saved?: () => void } = {},
  ) {
    const { damage } = care;
    const path = join(dir, FILE);
    if (care.expected && !existsSync(path)) {
      // It existed before (labor settings say so): deleted or lost, never a first run.
      const message = `${FILE} is missing although this kiosk had a staff list`;
      log?.(message);
      damage?.({
        severity: 'error',
        path,
        keptAs: null,
        count: null,
        sentence: 'The staff list is missing; nobody can sign in at the kiosk until it is restored.',
        detail: `${message}; restore it from a backup (to start a new list on purpose, remove "rosterSeen" from labor-settings.json)`,
      });
      this.unreadable = { keptAs: null, message };
      this.data = { version: 1, seeded: false, staff: [] };
      return;
    }
    const loaded = loadJsonFile(dir, FILE, fileSchema, () => ({ version: 1 as const, seeded: false, staff: [] }), {
      damage,
      label: 'The staff list',
      keepInPlace: true,
      severity: 'error',
      consequence: 'nobody can sign in at the kiosk until it is restored from the copy kept aside, or replaced',
    });
    if (loaded.problem) log?.(loaded.problem.message);
    this.unreadable = loaded.problem ? { keptAs: loaded.problem.movedTo, message: loaded.problem.message } : null;
    this.data = loaded.value;
  }

  private writable(): void {
    if (this.unreadable) throw rosterUnreadable();
  }

  get(userId: string): StaffRecord | undefined {
    return this.data.staff.find((s) => s.userId === userId);
  }

  nameOf(userId: string): string {
    return this.get(userId)?.name ?? `Staff #${userId}`;
  }

  cardsAt(locationUuid: string): StaffCard[] {
    return this.data.staff
      .map((s) => ({
        userId: s.userId,
        name: s.name,
        roles: s.roles.filter((r) => r.locationUuid === locationUuid).map(({ role, roleUuid }) => ({ role, roleUuid })),
        hasPin: s.pin !== null,
        manager: s.manager,
      }))
      .filter((c) => c.roles.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  views(): StaffRecordView[] {
    return this.data.staff
      .map((s) => ({
        userId: s.userId,
        name: s.name,
        manager: s.manager,
        hasPin: s.pin !== null,
        roles: s.roles.map((r) => ({ ...r })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** True until a manager with a PIN exists: the manager area then opens once to create one. */
  needsManagerSetup(): boolean {
    if (this.unreadable) return false;
    return !this.data.staff.some((s) => s.manager && s.pin !== null);
  }

  /**
   * The one person with this PIN, or null: one derivation of the venue's lookup tag picks the
   * person, their own salted hash confirms it (pin-lookup.ts). A person stored without a tag is
   * found by the scan of their own hash and gets a tag now, so the next sign-in is quick.
   */
  async identifyByPin(pin: string): Promise<StaffRecord | null> {
    const match = await findByPin(pin, this.data.staff);
    if (!match) return null;
    if (match.untagged && !this.unreadable) {
      const tag = await this.tagOf(pin);
      // The roster may have changed during the derivation: tag the person only if their PIN did not.
      const now = this.get(match.member.userId);
      if (now && now.pin === match.member.pin && !now.pinTag) {
        now.pinTag = tag;
        this.save();
      }
    }
    return match.member;
  }

  /** The lookup tag of `pin` under this venue's salt and the roster's cost. */
  private tagOf(pin: string): Promise<PinHash> {
    this.data.tagSalt ??= randomBytes(16).toString('base64');
    return pinTag(pin, { salt: this.data.tagSalt, N: this.scryptN, r: 8, p: 1 });
  }

  async verify(userId: string, pin: string): Promise<boolean> {
    const s = this.get(userId);
    return !!s?.pin && verifyPin(pin, s.pin);
  }

  upsert(input: StaffInput): void {
    this.writable();
    const existing = this.get(input.userId);
    const record: StaffRecord = {
      ...input,
      pin: existing?.pin ?? null,
      pinTag: existing?.pinTag ?? null,
      demoPin: existing ? existing.demoPin : false,
      roles: input.roles.map((r) => ({ ...r })),
    };
    if (
      existing &&
      existing.manager &&
      !input.manager &&
      this.data.staff.filter((s) => s.manager && s.pin).length === 1 &&
      existing.pin
    ) {
      throw new AppError('conflict', 'This is the only manager with a PIN; make someone else a manager first', {
        what: 'manager',
      });
    }
    this.data.staff = existing
      ? this.data.staff.map((s) => (s.userId === input.userId ? record : s))
      : [...this.data.staff, record];
    this.save();
  }

  remove(userId: string): void {
    this.writable();
    const s = this.get(userId);
    if (!s) throw new AppError('not-found', `No staff member ${userId}`, { what: 'staff' });
    if (s.manager && s.pin && this.data.staff.filter((m) => m.manager && m.pin).length === 1) {
      throw new AppError('conflict', 'This is the only manager with a PIN; make someone else a manager first', {
        what: 'manager',
      });
    }
    this.data.staff = this.data.staff.filter((m) => m.userId !== userId);
    this.save();
  }

  /** Sets (or clears, with null) a PIN. PINs are unique, since a PIN alone must say who you are. */
  async setPin(userId: string, pin: string | null): Promise<void> {
    this.writable();
    const s = this.get(userId);
    if (!s) throw new AppError('not-found', `No staff member ${userId}`, { what: 'staff' });
    if (pin === null) {
      if (s.manager && this.data.staff.filter((m) => m.manager && m.pin).length === 1 && s.pin) {
        throw new AppError('conflict', 'This is the only manager with a PIN; it cannot be removed', {
          what: 'manager',
        });
      }
      s.pin = null;
      s.pinTag = null;
      s.demoPin = false;
    } else {
      if (!PIN_PATTERN.test(pin))
        throw new AppError('invalid', 'A PIN is 4 to 8 digits', { field: 'pin', reason: 'pin-format' });
      const holder = await this.identifyByPin(pin);
      if (holder && holder.userId !== userId)
        throw new AppError('conflict', 'That PIN is already in use; choose another', { what: 'pin' });
      const [hash, tag] = [await hashPin(pin, this.scryptN), await this.tagOf(pin)];
      // Checked again after the derivations: another PIN set meanwhile may have taken this one.
      if (this.data.staff.some((o) => o.userId !== userId && o.pinTag && sameTag(o.pinTag, tag)))
        throw new AppError('conflict', 'That PIN is already in use; choose another', { what: 'pin' });
      s.pin = hash;
      s.pinTag = tag;
      s.demoPin = false;
    }
    this.save();
  }

  /** Fills an empty roster once from the sandbox's demo staff (never again, even if emptied later). */
  /** Seeds once: concurrent callers (start-up and a connection change) share the one seeding. */
  seedDemo(staff: DemoStaff[], pins: Record<string, string>, managers: string[]): Promise<boolean> {
    if (this.unreadable || this.data.seeded || this.data.staff.length > 0 || staff.length === 0)
      return Promise.resolve(false);
    // Only the caller that started the seeding is told it seeded (so it is logged once).
    if (this.seeding) return this.seeding.then(() => false);
    this.seeding = this.seedDemoOnce(staff, pins, managers).finally(() => {
      this.seeding = null;
    });
    return this.seeding;
  }

  private async seedDemoOnce(staff: DemoStaff[], pins: Record<string, string>, managers: string[]): Promise<boolean> {
    const byUser = new Map<string, StaffRecord>();
    for (const m of staff) {
      let s = byUser.get(m.userId);
      if (!s)
        byUser.set(
          m.userId,
          (s = { userId: m.userId, name: m.name, manager: managers.includes(m.userId), pin: null, roles: [] }),
        );
      s.roles.push({ locationUuid: m.locationUuid, role: m.role, roleUuid: m.roleUuid });
    }
    // scrypt runs on libuv's pool: hash the PINs side by side rather than one after another.
    await Promise.all(
      [...byUser.values()].map(async (s) => {
        if (!pins[s.userId]) return;
        s.pin = await hashPin(pins[s.userId], this.scryptN);
        s.pinTag = await this.tagOf(pins[s.userId]);
        s.demoPin = true;
      }),
    );
    this.data = { version: 1, seeded: true, tagSalt: this.data.tagSalt, staff: [...byUser.values()] };
    this.save();
    return true;
  }

  /**
   * The venue left the practice service: whoever still has the practice venue's well-known PIN
   * loses it, and a practice manager with it loses manager rights, so nobody signs in with a PIN
   * printed in the docs. The people stay on the list for a manager to give them PINs; a PIN a
   * manager set here is kept. Seeding never happens again (the list says it was seeded), so going
   * back to the practice venue does not bring the PINs back. Returns who lost their PIN.
   */
  dropDemoPins(pins: Record<string, string>, managers: string[], at: number): Promise<StaffRecord[]> {
    if (this.unreadable || !this.data.seeded) return Promise.resolve([]);
    // Marked ones first, before any await: from here on the well-known PINs sign nobody in.
    const marked = this.data.staff.filter((s) => s.pin && s.demoPin === true);
    for (const s of marked) this.dropPin(s, managers);
    this.notePinsRemoved(marked, at);
    // A list written before the mark is checked once, however many callers ask at the same time.
    const unmarked = this.dropping ?? this.dropUnmarked(pins, managers, at);
    this.dropping = unmarked;
    return unmarked
      .finally(() => {
        if (this.dropping === unmarked) this.dropping = null;
      })
      .then((more) => [...marked, ...more]);
  }

  /** A list written before the mark: a PIN that still verifies against the demo one is it. */
  private async dropUnmarked(pins: Record<string, string>, managers: string[], at: number): Promise<StaffRecord[]> {
    const unmarked = this.data.staff.filter((s) => s.pin && s.demoPin === undefined);
    const dropped: StaffRecord[] = [];
    for (const s of unmarked) {
      const demo = pins[s.userId];
      const pin = s.pin;
      const isDemo = demo !== undefined && pin !== null && (await verifyPin(demo, pin));
      // The PIN may have been changed during the check: only the one checked is dropped.
      if (s.pin !== pin || s.demoPin !== undefined) continue;
      if (isDemo) {
        this.dropPin(s, managers);
        dropped.push(s);
      } else s.demoPin = false;
    }
    this.notePinsRemoved(dropped, at, unmarked.length > 0);
    return dropped;
  }

  private notePinsRemoved(dropped: StaffRecord[], at: number, changed = false): void {
    if (dropped.length > 0) {
      const names = this.data.practicePinsRemoved?.names ?? [];
      this.data.practicePinsRemoved = { at, names: [...names, ...dropped.map((s) => s.name)] };
    }
    if (dropped.length > 0 || changed) this.save();
  }

  private dropPin(s: StaffRecord, managers: string[]): void {
    s.pin = null;
    s.pinTag = null;
    s.demoPin = false;
    if (managers.includes(s.userId)) s.manager = false;
  }

  /** When the practice PINs were removed and from whom (see dropDemoPins), if they were. */
  practicePinsRemoved(): { at: number; names: string[] } | null {
    return this.data.practicePinsRemoved ?? null;
  }

  /**
   * Sets an unreadable staff list aside and starts a new, empty one (never re-seeded): the damaged
   * bytes are kept as `<file>.damaged-<time>` (the copy made at start, or one made now). Returns
   * where they are, or null when the file was missing altogether.
   */
  setAside(now: number): { keptAs: string | null } {
    if (!this.unreadable)
      throw new AppError('conflict', 'The staff list can be read; nothing to set aside', { what: 'staff list' });
    const path = join(this.dir, FILE);
    const keptAs = existsSync(path) ? keepDamagedCopy(path, now) : this.unreadable.keptAs;
    this.data = { version: 1, seeded: true, staff: [] };
    this.unreadable = null;
    this.save();
    return { keptAs };
  }

  private save(): void {
    saveJsonFile(this.dir, FILE, this.data);
    this.writes++;
    this.care.saved?.();
  }

  /** Changes with every write of the list this run (a key for what is derived from it). */
  get revision(): number {
    return this.writes;
  }

  /** Every record, in the list's order. */
  records(): StaffRecord[] {
    return [...this.data.staff];
  }

  /** A readable staff list is on disk. */
  exists(): boolean {
    return !this.unreadable && existsSync(join(this.dir, FILE));
  }
}

function sameTag(a: PinHash, b: PinHash): boolean {
  return a.salt === b.salt && a.N === b.N && a.r === b.r && a.p === b.p && a.hash === b.hash;
}
