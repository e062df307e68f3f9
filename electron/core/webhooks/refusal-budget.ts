// How much a stranger can make the listener write. A refused delivery (bad signature, not JSON,
// too large, from a web page…) is kept as a summary row so forgeries show in the inspector, but
// only so many an hour: past the quota it is counted, not kept. The count of those lives in a
// small file beside the log, written at most once a second and at close, so it survives restarts
// without one write per refused request.
import { z } from 'zod';
import type { DamageSink } from '../storage/data-health';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';

export const REFUSED_FILE = 'refused-not-kept.json';
/** Refused deliveries kept (as summaries) per clock hour; the rest are counted only. */
export const DEFAULT_REFUSED_PER_HOUR = 100;

const HOUR_MS = 3_600_000;
const SAVE_DELAY_MS = 1_000;
const fileSchema = z.object({ version: z.literal(1), notKept: z.number().int().min(0) });

export interface RefusalBudgetOptions {
  dir: string;
  now: () => number;
  perHour?: number;
  damage?: DamageSink;
  log?: (line: string) => void;
}

export class RefusalBudget {
  private readonly perHour: number;
  private hour = -1;
  private keptThisHour = 0;
  private notKeptTotal: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: RefusalBudgetOptions) {
    this.perHour = Math.max(0, options.perHour ?? DEFAULT_REFUSED_PER_HOUR);
    const loaded = loadJsonFile(options.dir, REFUSED_FILE, fileSchema, () => ({ version: 1 as const, notKept: 0 }), {
      now: options.now,
      damage: options.damage,
      label: 'The count of refused webhook deliveries not kept',
      consequence: 'the count starts again from zero',
    });
    this.notKeptTotal = loaded.value.notKept;
  }

  /** Whether this refused delivery may be stored; when not, it is counted instead. */
  take(): boolean {
    const hour = Math.floor(this.options.now() / HOUR_MS);
    if (hour !== this.hour) {
      this.hour = hour;
      this.keptThisHour = 0;
    }
    if (this.keptThisHour < this.perHour) {
      this.keptThisHour += 1;
      return true;
    }
    this.notKeptTotal += 1;
    this.timer ??= setTimeout(() => this.save(), SAVE_DELAY_MS).unref();
    return false;
  }

  /** Refused deliveries counted but not kept, since the log began. */
  notKept(): number {
    return this.notKeptTotal;
  }

  close(): void {
    if (this.timer !== null) this.save();
  }

  private save(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    try {
      saveJsonFile(this.options.dir, REFUSED_FILE, { version: 1, notKept: this.notKeptTotal });
    } catch (error) {
      this.options.log?.(`webhooks: could not save ${REFUSED_FILE}: ${String(error)}`);
    }
  }
}
