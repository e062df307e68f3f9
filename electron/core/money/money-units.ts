// The connection's money unit (shared/money-units.ts decides per field): kept in the data dir so
// a detection survives a restart, changed from Settings, and switched to dollars the first time
// an open field arrives with a fraction (which cents cannot have). Every change is emitted so
// Settings always says what is assumed; nothing is guessed silently.
import { z } from 'zod';
import {
  DEFAULT_MONEY_UNITS,
  showsDollars,
  wireToCents,
  centsToWire,
  isCentsBySpec,
  type MoneyField,
  type MoneyUnit,
  type MoneyUnitsView,
} from '../../../shared/money-units';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';

const schema = z.object({
  version: z.literal(1),
  unit: z.enum(['cents', 'dollars']),
  source: z.enum(['default', 'chosen', 'detected']),
  detected: z.object({ field: z.string(), value: z.number(), at: z.number() }).nullable(),
});

const FILE = 'money-units.json';

export class MoneyUnits {
  private view: MoneyUnitsView;
  private readonly listeners = new Set<(view: MoneyUnitsView) => void>();

  constructor(
    private readonly dir: string | null,
    private readonly now: () => number = Date.now,
    log?: (line: string) => void,
    damage?: DamageSink,
  ) {
    if (dir === null) {
      this.view = { ...DEFAULT_MONEY_UNITS };
      return;
    }
    const loaded = loadJsonFile(dir, FILE, schema, () => ({ version: 1 as const, ...DEFAULT_MONEY_UNITS }), {
      now,
      damage,
      label: "The connection's money unit",
      consequence: 'the app reads amounts as cents until it is set again',
    });
    if (loaded.problem) log?.(loaded.problem.message);
    const { version: _v, ...view } = loaded.value;
    this.view = view;
  }

  current(): MoneyUnitsView {
    return { ...this.view };
  }

  get unit(): MoneyUnit {
    return this.view.unit;
  }

  onChange(listener: (view: MoneyUnitsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A person's choice in Settings (clears a detection: they know their service). */
  choose(unit: MoneyUnit): MoneyUnitsView {
    this.set({ unit, source: 'chosen', detected: null });
    return this.current();
  }

  /** One wire value → cents; a fraction in an open field is noted as "dollars detected". */
  read(field: MoneyField, value: number | null | undefined): number | null {
    if (value === null || value === undefined || !Number.isFinite(value)) return null;
    this.observe(field, value);
    return wireToCents(value, field, this.view.unit);
  }

  /** Cents → the wire value of `field` as this connection takes it. */
  write(field: MoneyField, cents: number): number {
    return centsToWire(cents, field, this.view.unit);
  }

  /** Notes a wire value without converting it (projections keep raw numbers, views convert). */
  observe(field: MoneyField, value: number): void {
    if (isCentsBySpec(field) || this.view.unit === 'dollars' || !showsDollars(value)) return;
    this.set({ unit: 'dollars', source: 'detected', detected: { field, value, at: this.now() } });
  }

  private set(view: MoneyUnitsView): void {
    this.view = view;
    if (this.dir !== null) saveJsonFile(this.dir, FILE, { version: 1, ...view });
    for (const listener of this.listeners) listener(this.current());
  }
}
