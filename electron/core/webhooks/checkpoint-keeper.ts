// When the projections' checkpoint is written: when the listener has been quiet for a few seconds
// and when it stops, never during a rush (writing 12 MB at 100 000 events holds the event loop for
// a few hundred ms, which the service would see as slow answers). A crash loses at most the events
// since the last one, and those are read again from the log at the next start.
import { join } from 'node:path';
import type { DamageSink } from '../storage/data-health';
import { errorMessage } from '../../../shared/errors';
import type { Projection } from './projections';
import { type Checkpointable, checkpointable, loadCheckpoint, saveCheckpoint } from './projection-checkpoint';

const QUIET_MS = 5_000;
const CHECK_EVERY_MS = 2_500;

export interface KeeperOptions {
  dataDir: string;
  receivedAtOf: (seq: number) => number | null;
  lastEventAt: () => number | null;
  now: () => number;
  damage?: DamageSink;
  log?: (line: string) => void;
  overlap?: number;
}

export class CheckpointKeeper {
  private lastSeq = 0;
  private unsaved = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private frozen = false;
  /** Figures for the bench and the tests. */
  readonly stats = { saves: 0, lastBytes: 0, lastSaveMs: 0, restored: false };

  private constructor(
    private readonly projections: Checkpointable[],
    private readonly path: string,
    readonly fromSeq: number,
    private readonly options: KeeperOptions,
  ) {}

  /** Restores the projections from the checkpoint when it fits; null when they cannot be checkpointed. */
  static open(projections: Projection[], options: KeeperOptions): CheckpointKeeper | null {
    if (!checkpointable(projections)) return null;
    const path = join(options.dataDir, `checkpoint-${projections.map((p) => p.name).join('+')}.bin`);
    const loaded = loadCheckpoint(path, projections, options.receivedAtOf, options);
    const keeper = new CheckpointKeeper(projections, path, loaded.fromSeq, options);
    keeper.stats.restored = loaded.fromSeq > 0;
    // A newer release's checkpoint is left as it is: this run keeps none.
    keeper.frozen = loaded.newer === true;
    return keeper;
  }

  start(): this {
    this.timer = setInterval(() => this.tick(), CHECK_EVERY_MS);
    this.timer.unref?.();
    return this;
  }

  /** An event reached the projections (replayed or live). */
  applied(seq: number): void {
    if (seq > this.lastSeq) this.lastSeq = seq;
    this.unsaved += 1;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.save();
  }

  private tick(): void {
    if (this.unsaved === 0) return;
    const last = this.options.lastEventAt();
    const quiet = last === null || this.options.now() - last >= QUIET_MS;
    if (quiet) this.save();
  }

  save(): void {
    if (this.frozen || this.unsaved === 0 || this.lastSeq === 0) return;
    const receivedAt = this.options.receivedAtOf(this.lastSeq);
    if (receivedAt === null) return;
    const started = performance.now();
    try {
      this.stats.lastBytes = saveCheckpoint(this.path, this.projections, this.lastSeq, receivedAt);
      this.unsaved = 0;
      this.stats.saves += 1;
      this.stats.lastSaveMs = performance.now() - started;
    } catch (error) {
      // Not fatal: the next start replays more of the log.
      this.options.log?.(`Could not save the tabs board checkpoint: ${errorMessage(error)}`);
    }
  }
}
