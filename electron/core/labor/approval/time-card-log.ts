// What the hub keeps of time-card approval, in one append-only, fsynced log (`labor-approval.log`):
// the pay-period rule, sign-offs, Needs review decisions, punch-out attestations, break kinds,
// shift notes and each person's kiosk language. The service holds none of it (spec 2.4: entries
// with paid or unpaid breaks only). A record made at the kiosk names its shift or break by the
// kiosk's local id until the service gives the entry a uuid; the uuid is written beside it as
// soon as the outbox knows it, so the link outlives the outbox's 36 hours.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppendLog } from '../append-log';
import type { DamageSink } from '../../storage/data-health';
import { openRecordLog } from '../record-log';
import type { Ref } from '../punch';
import type {
  Attestation,
  BreakKind,
  PayPeriodRule,
  PeriodSignOff,
  ReviewDecision,
  ShiftNote,
} from '../../../../shared/labor-period';
import { DEFAULT_PAY_PERIOD } from '../../../../shared/labor-period';
import type { KioskLanguage } from '../../../../shared/labor';

export const APPROVAL_FILE = 'labor-approval.log';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ref = z.union([z.strictObject({ local: z.string().min(1) }), z.strictObject({ uuid: z.string().min(1) })]);
const by = { byUserId: z.string(), byName: z.string(), at: z.number() };

const recordSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('rule'), cadence: z.enum(['weekly', 'biweekly', 'semi-monthly']), startDay: day, ...by }),
  z.object({ t: z.literal('sign-off'), start: day, end: day, requestId: z.string(), ...by }),
  z.object({
    t: z.literal('decision'),
    id: z.string(),
    itemKey: z.string(),
    action: z.enum(['approve', 'fix', 'comment']),
    text: z.string().nullable(),
    ...by,
  }),
  z.object({
    t: z.literal('attest'),
    id: z.string(),
    shift: ref,
    userId: z.string(),
    name: z.string(),
    day,
    at: z.number(),
    question: z.literal('meal-and-rest-breaks'),
    answer: z.enum(['yes', 'no']),
    workedMinutes: z.number(),
    breakMinutes: z.number(),
  }),
  z.object({ t: z.literal('break'), id: z.string(), brk: ref, kind: z.enum(['meal', 'rest']) }),
  z.object({
    t: z.literal('note'),
    id: z.string(),
    shift: ref,
    text: z.string(),
    where: z.enum(['kiosk', 'editor']),
    ...by,
  }),
  z.object({ t: z.literal('uuid'), local: z.string(), uuid: z.string() }),
  z.object({ t: z.literal('language'), userId: z.string(), language: z.enum(['en', 'es']), at: z.number() }),
  z.object({ t: z.literal('late'), auditId: z.string() }),
]);

export type ApprovalRecord = z.infer<typeof recordSchema>;
type Of<T extends ApprovalRecord['t']> = Extract<ApprovalRecord, { t: T }>;

export class TimeCardLog {
  private readonly log: AppendLog<ApprovalRecord>;
  private ruleRecord: Of<'rule'> | null = null;
  private readonly signOffs: Of<'sign-off'>[] = [];
  private readonly decisions: Of<'decision'>[] = [];
  private readonly attestations = new Map<string, Of<'attest'>>();
  private readonly breaks = new Map<string, Of<'break'>>();
  private readonly notes: Of<'note'>[] = [];
  private readonly uuids = new Map<string, string>();
  private readonly languages = new Map<string, KioskLanguage>();
  private readonly late = new Set<string>();

  constructor(
    dir: string,
    /** The outbox's word on a local id: the entry uuid once its punch is on the service. */
    private readonly resolveLocal: (ref: Ref) => string | null,
    log?: (line: string) => void,
    damage?: DamageSink,
  ) {
    const opened = openRecordLog<ApprovalRecord>({
      dir,
      file: APPROVAL_FILE,
      parse: (raw) => {
        const parsed = recordSchema.safeParse(raw);
        return parsed.success ? parsed.data : null;
      },
      words: { logName: 'labor approval', noun: ['record', 'records'], of: 'of time-card approval' },
      log,
      damage,
    });
    this.log = opened.log;
    for (const r of opened.records) this.index(r);
  }

  rule(): PayPeriodRule {
    return this.ruleRecord
      ? { cadence: this.ruleRecord.cadence, startDay: this.ruleRecord.startDay }
      : { ...DEFAULT_PAY_PERIOD };
  }

  setRule(rule: PayPeriodRule, who: { userId: string; name: string }, at: number): void {
    this.add({ t: 'rule', ...rule, byUserId: who.userId, byName: who.name, at });
  }

  allSignOffs(): PeriodSignOff[] {
    return this.signOffs
      .map(({ start, end, byUserId, byName, at }) => ({ start, end, byUserId, byName, at }))
      .sort((a, b) => b.start.localeCompare(a.start));
  }

  /** The sign-off covering this business day, if any. */
  signOffOf(day: string): PeriodSignOff | null {
    return this.allSignOffs().find((s) => s.start <= day && day <= s.end) ?? null;
  }

  signOffByRequest(requestId: string): PeriodSignOff | null {
    const s = this.signOffs.find((r) => r.requestId === requestId);
    return s ? { start: s.start, end: s.end, byUserId: s.byUserId, byName: s.byName, at: s.at } : null;
  }

  signOff(
    period: { start: string; end: string },
    who: { userId: string; name: string },
    at: number,
    requestId: string,
  ) {
    this.add({ t: 'sign-off', ...period, requestId, byUserId: who.userId, byName: who.name, at });
  }

  decide(d: Omit<ReviewDecision, 'id'>): ReviewDecision {
    const record: Of<'decision'> = { t: 'decision', id: randomUUID(), ...d };
    this.add(record);
    const { t: _t, ...decision } = record;
    return decision;
  }

  allDecisions(): ReviewDecision[] {
    return this.decisions.map(({ t: _t, ...d }) => d);
  }

  attest(a: Omit<Attestation, 'entryUuid'> & { shift: Ref }): void {
    if (this.attestations.has(a.id)) return;
    this.add({ t: 'attest', ...a });
  }

  allAttestations(): Attestation[] {
    return [...this.attestations.values()].map(({ t: _t, shift, ...a }) => ({ ...a, entryUuid: this.uuidOf(shift) }));
  }

  setBreakKind(punchId: string, brk: Ref, kind: BreakKind): void {
    if (this.breaks.has(punchId)) return;
    this.add({ t: 'break', id: punchId, brk, kind });
  }

  /** The kind chosen for a break, by its ref as the board or the timesheet knows it. */
  breakKindOf(brk: Ref): BreakKind | null {
    const uuid = this.uuidOf(brk);
    for (const b of this.breaks.values()) {
      if ('local' in brk && 'local' in b.brk && b.brk.local === brk.local) return b.kind;
      if (uuid !== null && this.uuidOf(b.brk) === uuid) return b.kind;
    }
    return null;
  }

  /** The break-starts (punch id and the ref they named) of the break entry `uuid`. */
  breakStartsOf(uuid: string): { punchId: string; brk: Ref }[] {
    return [...this.breaks.values()]
      .filter((b) => this.uuidOf(b.brk) === uuid)
      .map((b) => ({ punchId: b.id, brk: b.brk }));
  }

  /** The kiosk's local ids written down as the entry `uuid` (a shift's or a break's). */
  localsOf(uuid: string): string[] {
    return [...this.uuids].filter(([, known]) => known === uuid).map(([local]) => local);
  }

  breakKinds(): Record<string, BreakKind> {
    const out: Record<string, BreakKind> = {};
    for (const b of this.breaks.values()) {
      const uuid = this.uuidOf(b.brk);
      if (uuid) out[uuid] = b.kind;
    }
    return out;
  }

  addNote(shift: Ref, text: string, who: { userId: string; name: string }, at: number, where: ShiftNote['where']) {
    this.add({ t: 'note', id: randomUUID(), shift, text, where, byUserId: who.userId, byName: who.name, at });
  }

  notesByEntry(): Record<string, ShiftNote[]> {
    const out: Record<string, ShiftNote[]> = {};
    for (const { t: _t, shift, ...n } of this.notes) {
      const uuid = this.uuidOf(shift);
      if (uuid) (out[uuid] ??= []).push({ ...n, entryUuid: uuid });
    }
    return out;
  }

  language(userId: string): KioskLanguage | null {
    return this.languages.get(userId) ?? null;
  }

  setLanguage(userId: string, language: KioskLanguage, at: number): void {
    if (this.languages.get(userId) === language) return;
    this.add({ t: 'language', userId, language, at });
  }

  markLate(auditId: string): void {
    this.add({ t: 'late', auditId });
  }

  lateEdits(): string[] {
    return [...this.late];
  }

  /** The entry uuid of a ref, writing down what the outbox resolved so the link survives its trim. */
  uuidOf(r: Ref): string | null {
    if ('uuid' in r) return r.uuid;
    const known = this.uuids.get(r.local);
    if (known) return known;
    const resolved = this.resolveLocal(r);
    if (resolved) this.add({ t: 'uuid', local: r.local, uuid: resolved });
    return resolved;
  }

  close(): void {
    this.log.close();
  }

  private add(record: ApprovalRecord): void {
    this.log.append(record);
    this.index(record);
  }

  private index(r: ApprovalRecord): void {
    switch (r.t) {
      case 'rule':
        this.ruleRecord = r;
        break;
      case 'sign-off':
        this.signOffs.push(r);
        break;
      case 'decision':
        this.decisions.push(r);
        break;
      case 'attest':
        this.attestations.set(r.id, r);
        break;
      case 'break':
        this.breaks.set(r.id, r);
        break;
      case 'note':
        this.notes.push(r);
        break;
      case 'uuid':
        this.uuids.set(r.local, r.uuid);
        break;
      case 'language':
        this.languages.set(r.userId, r.language);
        break;
      case 'late':
        this.late.add(r.auditId);
        break;
    }
  }
}
