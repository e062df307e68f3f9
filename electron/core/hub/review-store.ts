// Where the review queue is kept: hub/punch-review.json, the whole queue as of its last compaction
// (the file earlier releases wrote and read, same shape), and hub/punch-review.log, one line per
// change since. A change costs one appended, fsynced line, never a rewrite of the whole queue (a
// device sending thousands of punches made each refusal rewrite megabytes). Every line states a
// result, not a step (the whole item, the rules, a count), so reading the log again over a
// snapshot that already has it changes nothing: a crash between writing the snapshot and emptying
// the log loses and doubles nothing. The log is opened for each append and closed again, so a path
// that cannot be written fails that append (the caller keeps nothing) and the hub holds no
// descriptor on it.
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { storedProblem } from '../storage/stored-problem';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import { fsyncDir } from '../storage/fsync-dir';
import type { DamageSink } from '../storage/data-health';
import { AppendLog, reportDamagedLines } from '../labor/append-log';

export const REVIEW_FILE = 'punch-review.json';
export const REVIEW_LOG = 'punch-review.log';
/** Lines the log may carry beyond the queue's own size before it is folded into the snapshot. */
const COMPACT_SLACK = 500;

export const REVIEW_REASONS = [
  'offline',
  'back-dated',
  'clock-ahead',
  'tips-over-limit',
  'revoked-device',
  'no-pin',
  'session-ended',
] as const;

const itemSchema = z.object({
  punchId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  userId: z.string(),
  name: z.string(),
  action: z.enum(['punch-in', 'break-start', 'break-end', 'punch-out']),
  capturedAt: z.number(),
  receivedAt: z.number(),
  declaredTipsCents: z.number().nullable(),
  status: z.enum(['held', 'approved', 'rejected', 'refused']),
  reasons: z.array(z.enum(REVIEW_REASONS)),
  message: z.string().nullable(),
  problem: storedProblem,
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  role: z.object({ role: z.string(), roleUuid: z.string().nullable() }).nullable().optional(),
});
const rulesSchema = z.object({ tipLimitCents: z.number().nullable() });
const unlistedSchema = z.object({ deviceId: z.string(), deviceName: z.string(), refused: z.number() });
const fileSchema = z.object({
  version: z.literal(1),
  rules: rulesSchema,
  items: z.array(itemSchema),
  /** Absent in files of releases before the caps. */
  unlisted: z.array(unlistedSchema).optional(),
  /** Revoked devices whose hand-over is over, and when it ended. */
  handOverClosed: z.record(z.string(), z.number()).optional(),
});
const lineSchema = z.union([
  z.object({ put: itemSchema }),
  z.object({ drop: z.array(z.string()) }),
  z.object({ rules: rulesSchema }),
  z.object({ unlisted: unlistedSchema }),
  z.object({ closed: z.string(), at: z.number() }),
]);

export type ReviewItem = z.infer<typeof itemSchema>;
export type ReviewLine = z.infer<typeof lineSchema>;
export type Unlisted = z.infer<typeof unlistedSchema>;

/** The whole queue as the files say it. */
export interface ReviewState {
  rules: { tipLimitCents: number | null };
  items: Map<string, ReviewItem>;
  unlisted: Map<string, Unlisted>;
  handOverClosed: Map<string, number>;
}

export interface ReviewStoreOptions {
  dataDir: string;
  now: () => number;
  damage?: DamageSink;
  defaultTipLimitCents: number | null;
}

export class ReviewStore {
  readonly state: ReviewState;
  private readonly dir: string;
  private lines: number;

  constructor(options: ReviewStoreOptions) {
    this.dir = join(options.dataDir, 'hub');
    const loaded = loadJsonFile(
      this.dir,
      REVIEW_FILE,
      fileSchema,
      () => ({ version: 1 as const, rules: { tipLimitCents: options.defaultTipLimitCents }, items: [] }),
      { now: options.now, damage: options.damage, label: 'The punches held for review', severity: 'error' },
    ).value;
    this.state = {
      rules: loaded.rules,
      items: new Map(loaded.items.map((i) => [i.punchId, i])),
      unlisted: new Map((loaded.unlisted ?? []).map((u) => [u.deviceId, u])),
      handOverClosed: new Map(Object.entries(loaded.handOverClosed ?? {})),
    };
    // Read with the core's append log (a torn or damaged line is kept aside and reported), then
    // closed: appends open the file themselves.
    const opened = AppendLog.open(
      this.dir,
      REVIEW_LOG,
      (v) => {
        const parsed = lineSchema.safeParse(v);
        return parsed.success ? parsed.data : null;
      },
      options.now,
    );
    opened.log.close();
    reportDamagedLines(
      join(this.dir, REVIEW_LOG),
      opened,
      {
        label: 'The latest changes to the punches held for review',
        consequence: 'A punch held or refused just before may be missing from the review list, or shown undecided.',
      },
      options.damage,
    );
    for (const line of opened.records) apply(this.state, line);
    this.lines = opened.records.length;
  }

  /**
   * Appends the lines with one fsync, then takes them in: a write that fails throws with the
   * queue as it was, so nothing is taken for written that is not.
   */
  write(lines: ReviewLine[]): void {
    if (lines.length === 0) return;
    const fd = openSync(join(this.dir, REVIEW_LOG), 'a', 0o600);
    try {
      writeSync(fd, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (const line of lines) apply(this.state, line);
    this.lines += lines.length;
    this.compactIfDue();
  }

  /** Lines in the log now (for tests and the bench: the log is bounded). */
  get logLines(): number {
    return this.lines;
  }

  /**
   * Once the log holds more lines than the queue has items (plus some slack), the queue is written
   * whole and the log emptied: each fold pays for the appends before it. A failure leaves both
   * files as they were (the lines are written already); the next append tries again.
   */
  private compactIfDue(): void {
    if (this.lines <= this.state.items.size + this.state.unlisted.size + COMPACT_SLACK) return;
    try {
      const { rules, items, unlisted, handOverClosed } = this.state;
      saveJsonFile(
        this.dir,
        REVIEW_FILE,
        {
          version: 1,
          rules,
          items: [...items.values()],
          unlisted: [...unlisted.values()],
          handOverClosed: Object.fromEntries(handOverClosed),
        },
        { compact: true },
      );
      emptyFile(this.dir, REVIEW_LOG);
      this.lines = 0;
    } catch {
      // Both files still say everything: the lines stay in the log until the next fold.
    }
  }
}

function apply(state: ReviewState, line: ReviewLine): void {
  // A decided item keeps its place: the list stays in the order punches arrived.
  if ('put' in line) state.items.set(line.put.punchId, line.put);
  else if ('drop' in line) for (const id of line.drop) state.items.delete(id);
  else if ('rules' in line) state.rules = line.rules;
  else if ('unlisted' in line) {
    if (line.unlisted.refused > 0) state.unlisted.set(line.unlisted.deviceId, line.unlisted);
    else state.unlisted.delete(line.unlisted.deviceId);
  } else state.handOverClosed.set(line.closed, line.at);
}

/** Atomically, as the log's own rewrite does: a crash leaves the full log or the empty one. */
function emptyFile(dir: string, name: string): void {
  const path = join(dir, name);
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dir);
}
