// What the core did to a time card that a manager should look at: a shift it clocked out at the
// end of the business day, a break a manager let end before its minimum. Append-only and fsynced
// like the audit log; a note's id is the punch it belongs to, so it is never written twice.
import { z } from 'zod';
import type { AppendLog } from './append-log';
import type { DamageSink } from '../storage/data-health';
import { openRecordLog } from './record-log';

export const REVIEW_NOTES_FILE = 'labor-review.log';

export type ReviewNoteKind = 'auto-closed' | 'break-override';

export interface ReviewNote {
  /** The punch the note is about (the auto clock-out, or the break's end). */
  id: string;
  kind: ReviewNoteKind;
  userId: string;
  name: string;
  /** The punch's time, unix ms. */
  at: number;
  /** Business day of the shift, YYYY-MM-DD. */
  day: string;
  /** The manager who allowed it (break-override). */
  byUserId: string | null;
  byName: string | null;
  /** For staff: "clocked out at the end of the business day", "ended 12 min into a 30 min break". */
  detail: string;
}

const noteSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['auto-closed', 'break-override']),
  userId: z.string(),
  name: z.string(),
  at: z.number(),
  day: z.string(),
  byUserId: z.string().nullable(),
  byName: z.string().nullable(),
  detail: z.string(),
});

export class ReviewNotes {
  private readonly log: AppendLog<ReviewNote>;
  private readonly byId = new Map<string, ReviewNote>();

  constructor(dir: string, log?: (line: string) => void, damage?: DamageSink) {
    const opened = openRecordLog<ReviewNote>({
      dir,
      file: REVIEW_NOTES_FILE,
      parse: (raw) => {
        const parsed = noteSchema.safeParse(raw);
        return parsed.success ? parsed.data : null;
      },
      words: { logName: 'labor review notes', noun: ['note', 'notes'], of: 'of time cards to review' },
      log,
      damage,
    });
    this.log = opened.log;
    for (const r of opened.records) this.byId.set(r.id, r);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Writes the note unless one with its id exists. */
  add(note: ReviewNote): void {
    if (this.byId.has(note.id)) return;
    this.log.append(note);
    this.byId.set(note.id, note);
  }

  all(): ReviewNote[] {
    return [...this.byId.values()].sort((a, b) => a.at - b.at);
  }

  close(): void {
    this.log.close();
  }
}
