// The connection's money units, one per family (shared/money-units.ts): kept in the data dir so
// a decision survives a restart, confirmed or changed from Settings, and decided from evidence: a
// fraction in a family (which cents cannot have), or the same money seen in a field the spec fixes
// in cents (a gift card's balance, a refund's amount). Every change is emitted so Settings always
// says what is assumed and why; a family nothing has decided says so.
//
// The practice venue is the app's own sandbox: its units are its reading's, known without asking
// anyone (follow()). They are held in memory only and never written to the file, which is the real
// service's: a venue that practised first still meets its real service not decided.
import { z } from 'zod';
import {
  DEFAULT_MONEY_UNITS,
  showsDollars,
  wireToCents,
  centsToWire,
  isCentsBySpec,
  familyOf,
  unitFromAnchor,
  type MoneyEvidence,
  type MoneyFamily,
  type MoneyFamilyView,
  type MoneyField,
  type MoneyUnit,
  type MoneyUnitsView,
  type OpenMoneyField,
  MONEY_FAMILIES,
  MONEY_UNIT_CONFLICT,
  PRACTICE_READING,
  undecidedSentence,
  wireNumber,
  writesDollars,
} from '../../../shared/money-units';
import { appError } from '../../../shared/app-error';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import { defineFormat } from '../storage/data-format';

const evidence = z.object({ field: z.string(), saw: z.string(), at: z.number() });
const familyView = z.object({
  unit: z.enum(['cents', 'dollars']),
  source: z.enum(['default', 'chosen', 'detected']),
  evidence: evidence.nullable(),
  conflict: evidence.nullable(),
});
const v2 = z.object({ version: z.literal(2), sent: familyView, answers: familyView, numbers: familyView });
// One unit for every open field, as a data folder made before the families keeps it.
const v1 = z.object({
  version: z.literal(1),
  unit: z.enum(['cents', 'dollars']),
  source: z.enum(['default', 'chosen', 'detected']),
  detected: z.object({ field: z.string(), value: z.number(), at: z.number() }).nullable(),
});

/** Version 1 → 2: the one unit becomes each family's, with what decided it. */
function intoFamilies(value: unknown): unknown {
  const old = v1.safeParse(value);
  // Not a version 1 document after all: left for the schema to refuse (and keep aside).
  if (!old.success) return value;
  const one: MoneyFamilyView = {
    unit: old.data.unit,
    source: old.data.source,
    evidence: old.data.detected
      ? {
          field: old.data.detected.field,
          saw: `${old.data.detected.value} in ${old.data.detected.field} has a fraction, which cents cannot have.`,
          at: old.data.detected.at,
        }
      : null,
    conflict: null,
  };
  return { version: 2, sent: { ...one }, answers: { ...one }, numbers: { ...one } };
}

export const MONEY_UNITS_FORMAT = defineFormat('money-units.json', [intoFamilies]);

const FILE = 'money-units.json';

export class MoneyUnits {
  private view: MoneyUnitsView;
  /** The real service's units, as in the file; `view` while not on the practice venue. */
  private saved: MoneyUnitsView;
  /** The practice venue's units as its reading has them, while connected to it. */
  private practice: Record<MoneyFamily, MoneyUnit> | null = null;
  private readonly listeners = new Set<(view: MoneyUnitsView) => void>();

  constructor(
    private readonly dir: string | null,
    private readonly now: () => number = Date.now,
    log?: (line: string) => void,
    damage?: DamageSink,
  ) {
    if (dir === null) {
      this.view = this.saved = structuredClone(DEFAULT_MONEY_UNITS);
      return;
    }
    const loaded = loadJsonFile(
      dir,
      FILE,
      v2,
      () => ({ version: 2 as const, ...structuredClone(DEFAULT_MONEY_UNITS) }),
      {
        now,
        damage,
        label: "The connection's money units",
        consequence: 'the app reads amounts as cents, not decided, until evidence or Settings decides them',
        format: MONEY_UNITS_FORMAT,
      },
    );
    if (loaded.problem) log?.(loaded.problem.message);
    const { version: _v, ...view } = loaded.value;
    this.view = this.saved = view;
  }

  /**
   * The connection changed. `known`: the practice venue's units (its reading), decided at once
   * and held in memory; null: a real service, back to what the file says about it.
   */
  follow(known: Record<MoneyFamily, MoneyUnit> | null): void {
    const same = known === null ? this.practice === null : MONEY_FAMILIES.every((f) => this.practice?.[f] === known[f]);
    if (same) return;
    this.practice = known ? { ...known } : null;
    if (known === null) this.view = this.saved;
    else {
      const at = this.now();
      const family = (f: MoneyFamily): MoneyFamilyView => ({
        unit: known[f],
        source: 'detected',
        evidence: {
          field: PRACTICE_READING,
          saw: `The practice venue is this app’s own sandbox, and its reading of the spec has these in ${known[f] === 'cents' ? 'whole cents' : 'decimal dollars'}.`,
          at,
        },
        conflict: null,
      });
      this.view = { sent: family('sent'), answers: family('answers'), numbers: family('numbers') };
    }
    this.emit();
  }

  current(): MoneyUnitsView {
    return structuredClone(this.view);
  }

  family(family: MoneyFamily): MoneyFamilyView {
    return { ...this.view[family] };
  }

  unitOf(field: MoneyField): MoneyUnit {
    return isCentsBySpec(field) ? 'cents' : this.view[familyOf(field)].unit;
  }

  decided(family: MoneyFamily): boolean {
    return this.view[family].source !== 'default';
  }

  onChange(listener: (view: MoneyUnitsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A manager's choice or confirmation in Settings (they know their service). */
  choose(family: MoneyFamily, unit: MoneyUnit): MoneyUnitsView {
    const before = this.view[family];
    this.set(family, { unit, source: 'chosen', evidence: before.evidence, conflict: null });
    return this.current();
  }

  /**
   * One wire value → cents; a fraction in an open field decides its family as dollars, and so does
   * a decimal string ("13.00"), whose decimal point a number would lose.
   */
  read(field: MoneyField, value: number | string | null | undefined): number | null {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') {
      const n = wireNumber(value);
      if (n === null) return null;
      if (writesDollars(value)) this.observeString(field, value);
      else this.observe(field, n);
      return wireToCents(value, field, this.unitOf(field));
    }
    if (!Number.isFinite(value)) return null;
    this.observe(field, value);
    return wireToCents(value, field, this.unitOf(field));
  }

  /** A money string with a decimal point: dollars, as its writer shows (writesDollars). */
  observeString(field: MoneyField, value: string): void {
    if (isCentsBySpec(field) || !writesDollars(value)) return;
    this.evidence(field, 'dollars', {
      field,
      saw: `"${value.trim()}" in ${field} is a decimal string, which only dollars are written as.`,
      at: this.now(),
    });
  }

  /**
   * A write that carries money of `family` waits until its unit is decided (from evidence, the
   * practice venue's reading, or a manager's confirmation): sent in the wrong unit it would be
   * taken a hundred times over. Throws the typed refusal the screens offer Confirm for.
   */
  requireDecided(family: MoneyFamily): void {
    if (this.decided(family)) return;
    throw appError('conflict', undecidedSentence(family), { what: MONEY_UNIT_CONFLICT });
  }

  /** Cents → the wire value of `field` as this connection takes it. */
  write(field: MoneyField, cents: number): number {
    return centsToWire(cents, field, this.unitOf(field));
  }

  /** The wire value a read of `cents` came from (for evidence on amounts already converted). */
  wireOf(field: MoneyField, cents: number): number {
    return centsToWire(cents, field, this.unitOf(field));
  }

  /** Notes a wire value without converting it (projections keep raw numbers, views convert). */
  observe(field: MoneyField, value: number): void {
    if (isCentsBySpec(field) || !showsDollars(value)) return;
    this.evidence(field, 'dollars', {
      field,
      saw: `${value} in ${field} has a fraction, which cents cannot have.`,
      at: this.now(),
    });
  }

  /**
   * The same money seen twice: `wire` in an open field and `cents` where the spec fixes cents (a
   * card's balance, a refund's amount). Equal means cents, a hundredth means dollars; anything
   * else decides nothing. `where` names the request or event, for the evidence sentence.
   */
  anchor(field: OpenMoneyField, wire: number, cents: number, anchorField: string, where: string): MoneyUnit | null {
    const unit = unitFromAnchor(wire, cents);
    if (!unit) return null;
    this.evidence(field, unit, {
      field: `${field} vs ${anchorField}`,
      saw: `${where}: ${field} was ${wire} where ${anchorField} was ${cents} cents, so ${field} is in ${unit}.`,
      at: this.now(),
    });
    return unit;
  }

  private evidence(field: MoneyField, unit: MoneyUnit, seen: MoneyEvidence): void {
    if (isCentsBySpec(field)) return;
    const family = familyOf(field);
    const now = this.view[family];
    if (now.source !== 'default') {
      // A decision stands (a manager's choice, or evidence already seen); evidence against it is
      // shown beside it, once, so someone looks again rather than the unit flipping back and forth.
      if (unit !== now.unit && now.conflict?.field !== seen.field) this.set(family, { ...now, conflict: seen });
      return;
    }
    this.set(family, { unit, source: 'detected', evidence: seen, conflict: null });
  }

  private set(family: MoneyFamily, view: MoneyFamilyView): void {
    this.view = { ...this.view, [family]: view };
    // On the practice venue a choice lasts while connected to it; the file is the real service's.
    if (this.practice === null) {
      this.saved = this.view;
      if (this.dir !== null) saveJsonFile(this.dir, FILE, { version: 2, ...this.view }, { format: MONEY_UNITS_FORMAT });
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.current());
  }
}
