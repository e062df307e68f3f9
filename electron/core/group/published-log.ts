// What the hub has already published, kept across restarts so a start does not send the whole
// retained log again: the last accepted event's seq (the webhook log replays into projections at
// every start) and the ids of the other messages (punches, edits, refunds, reviews, devices,
// notices), each with when it went. The stream's duplicate window covers repeats within minutes;
// this covers a restart hours later. Ids older than KEEP_MS go: their sources are gone by then.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const FILE = 'published.json';
const KEEP_MS = 30 * 24 * 3_600_000;
const SAVE_AFTER_MS = 500;

interface Stored {
  v: 1;
  eventsThrough: number;
  ids: Record<string, number>;
}

export class PublishedLog {
  private state: Stored = { v: 1, eventsThrough: 0, ids: {} };
  private timer: NodeJS.Timeout | null = null;
  private readonly path: string;

  constructor(
    dir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.path = join(dir, FILE);
    if (existsSync(this.path)) {
      try {
        const raw = JSON.parse(readFileSync(this.path, 'utf8')) as Stored;
        if (raw.v === 1 && typeof raw.eventsThrough === 'number' && raw.ids && typeof raw.ids === 'object')
          this.state = raw;
      } catch {
        // An unreadable checkpoint only costs repeats, which the stream and the office drop.
      }
    }
    const cutoff = this.now() - KEEP_MS;
    for (const [id, at] of Object.entries(this.state.ids)) if (at < cutoff) delete this.state.ids[id];
  }

  get eventsThrough(): number {
    return this.state.eventsThrough;
  }

  has(msgId: string): boolean {
    return msgId in this.state.ids;
  }

  noteEvent(seq: number): void {
    if (seq <= this.state.eventsThrough) return;
    this.state.eventsThrough = seq;
    this.saveSoon();
  }

  note(msgId: string): void {
    this.state.ids[msgId] = this.now();
    this.saveSoon();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state), { mode: 0o600 });
    renameSync(tmp, this.path);
  }

  private saveSoon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), SAVE_AFTER_MS);
  }
}
