// Notices: the events that are neither tabs nor gift cards, one per event (keyed by dedupe key,
// so a redelivery is the same notice). Only the newest `cap` are kept; which ones those are
// depends only on the set of events seen (ranked by createdAt, then key), not on arrival order.
import type { Notice } from '../../../shared/tabs';
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { Projection } from '../webhooks';
import { NOTICE_TYPES, noticeText } from './notice-text';
import { isLater, rankOf, type Rank } from './ranked';
import { mapCheckpoint } from '../webhooks/checkpoint-codec';

const FORMAT = 'notices/1';

interface RankedNotice {
  notice: Notice;
  rank: Rank;
}

const newestFirst = (a: RankedNotice, b: RankedNotice) =>
  isLater(a.rank, b.rank) ? -1 : isLater(b.rank, a.rank) ? 1 : 0;

export class NoticesProjection implements Projection {
  readonly name = 'notices';
  readonly types: ReadonlySet<string> = NOTICE_TYPES;
  private readonly notices = new Map<string, RankedNotice>();

  constructor(private readonly cap = 500) {}

  apply(event: AcceptedEvent): void {
    if (!NOTICE_TYPES.has(event.type) || this.notices.has(event.dedupeKey)) return;
    const { title, detail } = noticeText(event);
    this.notices.set(event.dedupeKey, {
      rank: rankOf(event),
      notice: {
        key: event.dedupeKey,
        type: event.type,
        title,
        detail,
        locationUuid: event.locationUuid,
        locationName: event.locationName,
        createdAt: event.createdAt,
      },
    });
    // Trimmed in batches so a long start-up replay stays linear; what survives is always the top `cap`.
    if (this.notices.size > this.cap * 2) {
      const keep = [...this.notices.values()].sort(newestFirst).slice(0, this.cap);
      this.notices.clear();
      for (const n of keep) this.notices.set(n.notice.key, n);
    }
  }

  // Checkpoints (projection-checkpoint.ts): the one map is the whole state.
  private readonly saved = mapCheckpoint(this.notices, FORMAT, 'notices');
  readonly snapshot = this.saved.snapshot;
  readonly restore = this.saved.restore;
  readonly reset = this.saved.reset;

  /** Newest first, at most `cap`. */
  list(): Notice[] {
    return [...this.notices.values()]
      .sort(newestFirst)
      .slice(0, this.cap)
      .map((n) => ({ ...n.notice }));
  }
}
