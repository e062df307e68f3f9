// A kiosk device's punches on their way to the venue hub. Each is written to the core's append log
// with its id before anything else happens to it, and stays queued, in capture order, until the
// hub has answered it; the answer is appended too, so a restart resumes with what still waits.
// Nothing of an answered punch is needed here (a resend is the hub's to recognise, by its id), so
// the file is rewritten with only the waiting punches: at open when it holds any answered one, and
// once KIOSK_QUEUE_ANSWERED_KEPT have been answered since the last rewrite.
import { join } from 'node:path';
import type { ForwardedPunch, ForwardOutcome } from '../../../shared/hub';
import type { DamageSink } from '../storage/data-health';
import { AppendLog, reportDamagedLines } from './append-log';

export const KIOSK_QUEUE_FILE = 'satellite-punches.log';

/** Answered punches the file may hold before it is rewritten with only the waiting ones. */
export const KIOSK_QUEUE_ANSWERED_KEPT = 200;

type QueueLine = { add: ForwardedPunch } | { done: string; outcome: ForwardOutcome };

function isQueueLine(value: unknown): value is QueueLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.done === 'string') return true;
  const add = v.add as Record<string, unknown> | undefined;
  return (
    typeof add === 'object' &&
    add !== null &&
    typeof add.punchId === 'string' &&
    typeof add.userId === 'string' &&
    typeof add.action === 'string' &&
    typeof add.capturedAt === 'number'
  );
}

export class KioskQueue {
  /** Waiting punches by id, in the order they were taken (a Map keeps insertion order). */
  private readonly pending = new Map<string, ForwardedPunch>();
  private readonly log: AppendLog<QueueLine>;
  /** Answered punches whose lines are still in the file. */
  private answered = 0;

  constructor(dataDir: string, now: () => number, damage?: DamageSink) {
    const opened = AppendLog.open(dataDir, KIOSK_QUEUE_FILE, (v) => (isQueueLine(v) ? v : null), now);
    reportDamagedLines(
      join(dataDir, KIOSK_QUEUE_FILE),
      opened,
      {
        label: "This kiosk's queue of punches waiting for the hub",
        consequence:
          'A punch in it may not have reached the hub: check the timesheet against the staff member, and add it by hand if it is missing.',
      },
      damage,
    );
    for (const line of opened.records) {
      if ('add' in line) this.pending.set(line.add.punchId, line.add);
      else {
        this.pending.delete(line.done);
        this.answered += 1;
      }
    }
    this.log = opened.log;
    if (this.answered > 0) this.compact();
  }

  get size(): number {
    return this.pending.size;
  }

  has(punchId: string): boolean {
    return this.pending.has(punchId);
  }

  /** The oldest waiting punch: the next the hub must see. */
  first(): ForwardedPunch | undefined {
    return this.pending.values().next().value;
  }

  /** The oldest `count` waiting punches, in order. */
  oldest(count: number): ForwardedPunch[] {
    return [...this.pending.values()].slice(0, count);
  }

  /** Durable before it returns: from here on the punch is the queue's to deliver. */
  add(punch: ForwardedPunch): void {
    this.log.append({ add: punch });
    this.pending.set(punch.punchId, punch);
  }

  /** The hub answered: the punch leaves the queue, durably. False when it was not waiting. */
  settle(punchId: string, outcome: ForwardOutcome): boolean {
    if (!this.pending.delete(punchId)) return false;
    this.log.append({ done: punchId, outcome });
    if (++this.answered >= KIOSK_QUEUE_ANSWERED_KEPT) this.compact();
    return true;
  }

  /** The waiting punches only, in order, in place of the file (atomically: temp file and rename). */
  private compact(): void {
    this.log.rewrite([...this.pending.values()].map((add) => ({ add })));
    this.answered = 0;
  }

  close(): void {
    this.log.close();
  }
}
