// Counter arithmetic kept per segment file, so dropping a segment for retention can move its share
// into the persisted base instead of losing it (counters outlive the rows they counted).
import type { WebhookCounters } from '../../../shared/webhooks';
import { isFlagged, type LogLine } from './event-record';

export type CounterParts = Omit<WebhookCounters, 'received'>;

export function emptyParts(): CounterParts {
  return { verified: 0, unsigned: 0, rejected: 0, duplicate: 0, stale: 0, flagged: 0 };
}

export function countLine(parts: CounterParts, line: LogLine): void {
  if (line.k === 'd') parts.duplicate += 1;
  else if (line.k === 's') parts.stale += 1;
  else {
    parts[line.verification] += 1;
    if (isFlagged(line)) parts.flagged += 1;
  }
}

export function addParts(into: CounterParts, from: CounterParts): void {
  into.verified += from.verified;
  into.unsigned += from.unsigned;
  into.rejected += from.rejected;
  into.duplicate += from.duplicate;
  into.stale += from.stale;
  into.flagged += from.flagged;
}

export function toCounters(parts: CounterParts): WebhookCounters {
  return { received: parts.verified + parts.unsigned + parts.rejected + parts.duplicate + parts.stale, ...parts };
}
