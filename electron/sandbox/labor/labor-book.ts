// The sandbox's labor entries (spec 2.4): shifts and the breaks that belong to them through
// time_shift_id. An internal record, not a wire shape: labor-view.ts decides what is exposed.
import { randomUUID } from 'node:crypto';

/** Values the sandbox accepts for time_punch_type (the spec does not list them). */
export const SHIFT_PUNCH_TYPES = ['shift'] as const;
export const BREAK_PUNCH_TYPES = ['unpaid_break', 'paid_break'] as const;
export const PUNCH_TYPES = [...SHIFT_PUNCH_TYPES, ...BREAK_PUNCH_TYPES] as const;
export type PunchType = (typeof PUNCH_TYPES)[number];

export interface LaborEntryRecord {
  uuid: string;
  locationUuid: string;
  /** null for a shift; the shift's uuid for a break. */
  shiftUuid: string | null;
  punchType: PunchType;
  userId: string;
  role: string;
  roleUuid: string;
  punchInMs: number;
  punchOutMs: number | null;
  /** Integer cents, shifts only. */
  declaredTips: number | null;
  createdMs: number;
  updatedMs: number;
  /** Creation order, the tie-breaker for every sort. */
  seq: number;
  /** A shift's numeric id, shown as time_shift_id when the 'numeric' readings are on; null for a break. */
  shiftNo: number | null;
}

export type NewLaborEntry = Omit<LaborEntryRecord, 'uuid' | 'seq' | 'updatedMs' | 'shiftNo'>;

export class LaborBook {
  private readonly entries = new Map<string, LaborEntryRecord>();
  private nextSeq = 1;
  // Starts well away from 1 so a numeric shift id is never mistaken for a row count or a seq.
  private nextShiftNo = 70_001;

  /** Everything, for the practice venue's file on disk (world-state.ts). */
  exportState(): { entries: LaborEntryRecord[]; nextSeq: number; nextShiftNo: number } {
    return { entries: [...this.entries.values()], nextSeq: this.nextSeq, nextShiftNo: this.nextShiftNo };
  }

  importState(state: { entries: LaborEntryRecord[]; nextSeq: number; nextShiftNo: number }): void {
    this.entries.clear();
    for (const e of state.entries) this.entries.set(e.uuid, e);
    this.nextSeq = state.nextSeq;
    this.nextShiftNo = state.nextShiftNo;
  }

  add(input: NewLaborEntry): LaborEntryRecord {
    const shiftNo = input.shiftUuid === null ? this.nextShiftNo++ : null;
    const record: LaborEntryRecord = {
      ...input,
      uuid: randomUUID(),
      seq: this.nextSeq++,
      updatedMs: input.createdMs,
      shiftNo,
    };
    this.entries.set(record.uuid, record);
    return record;
  }

  /** The entry if it exists at this location (another location's entry is "not found" here). */
  get(locationUuid: string, uuid: string): LaborEntryRecord | null {
    const e = this.entries.get(uuid);
    return e && e.locationUuid === locationUuid ? e : null;
  }

  /** A shift by whatever a client sent as time_shift_id: its uuid, or its numeric id (number or digits). */
  findShift(locationUuid: string, ref: unknown): LaborEntryRecord | null {
    if (typeof ref === 'string' && ref !== '' && !/^\d+$/.test(ref)) {
      const e = this.get(locationUuid, ref);
      return e && e.shiftUuid === null ? e : null;
    }
    const no = typeof ref === 'number' ? ref : typeof ref === 'string' ? Number(ref) : NaN;
    if (!Number.isInteger(no)) return null;
    for (const e of this.entries.values()) if (e.shiftNo === no && e.locationUuid === locationUuid) return e;
    return null;
  }

  atLocation(locationUuid: string): LaborEntryRecord[] {
    return [...this.entries.values()].filter((e) => e.locationUuid === locationUuid);
  }

  breaksOf(shift: LaborEntryRecord): LaborEntryRecord[] {
    return [...this.entries.values()].filter((e) => e.shiftUuid === shift.uuid);
  }

  all(): LaborEntryRecord[] {
    return [...this.entries.values()];
  }

  clear(): number {
    const n = this.entries.size;
    this.entries.clear();
    return n;
  }
}
