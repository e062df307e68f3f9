// The live list of the event log, virtualized: only the rows on screen exist in the DOM, so it
// stays smooth with 100 000 events.
import { useEffect, useRef } from 'react';
import { clockTimeSeconds, zoneNote } from '../../../../shared/time';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAppStore } from '../../store';
import { useEventWindow } from './use-event-window';
import { VerificationBadge } from './verification-badge';
import { StaffProblem } from '../../components/staff-problem';

const ROW_HEIGHT = 44;

export function EventList() {
  const filter = useAppStore((s) => s.filter);
  const version = useAppStore((s) => s.eventsVersion);
  const selectedSeq = useAppStore((s) => s.selectedSeq);
  const selectEvent = useAppStore((s) => s.selectEvent);
  const log = useEventWindow(filter, version);
  const timezone = useVenueZone();
  const zone = zoneNote(timezone);
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: log.total,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => log.show(first, last), [first, last, log]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(log.total - 1, index));
    virtualizer.scrollToIndex(next);
    const row = log.row(next);
    if (row) selectEvent(row.seq);
    // The row may only exist after the scroll renders it: focus on the next frame.
    requestAnimationFrame(() => parent.current?.querySelector<HTMLElement>(`[aria-rowindex="${next + 2}"]`)?.focus());
  };
  const onKey = (e: React.KeyboardEvent, index: number, seq: number | undefined) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (seq !== undefined) selectEvent(seq);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(index + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      move(e.key === 'Home' ? 0 : log.total - 1);
    }
  };

  return (
    <div className="event-list-wrap">
      <StaffProblem message={log.error} />
      {log.total === 0 ? (
        <p className="empty" data-testid="events-empty">
          {log.more
            ? 'Searching older events…'
            : Object.keys(filter).length > 0
              ? 'No events match these filters.'
              : 'No webhook events have been received yet.'}
        </p>
      ) : (
        // A grid: the header row and the (virtualized) rows share one parent, rows take focus and
        // move with the arrow keys; Enter or Space opens the event.
        <div role="grid" aria-label="Events" aria-rowcount={log.total + 1} aria-colcount={5} className="event-grid">
          <div role="rowgroup">
            <div className="event-list-head" role="row" aria-rowindex={1}>
              <span role="columnheader">Received{zone ? ` (${zone})` : ''}</span>
              <span role="columnheader">Type</span>
              <span role="columnheader">Target</span>
              <span role="columnheader">Location</span>
              <span role="columnheader">Check</span>
            </div>
          </div>
          <div ref={parent} className="event-list" role="rowgroup" data-testid="event-list">
            <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                const row = log.row(item.index);
                const selected = !!row && row.seq === selectedSeq;
                return (
                  <div
                    key={item.key}
                    role="row"
                    aria-rowindex={item.index + 2}
                    aria-selected={selected}
                    tabIndex={selected || (selectedSeq === null && item.index === first) ? 0 : -1}
                    className={selected ? 'event-row selected' : 'event-row'}
                    style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                    onClick={() => row && selectEvent(row.seq)}
                    onKeyDown={(e) => onKey(e, item.index, row?.seq)}
                    data-seq={row?.seq}
                  >
                    {row ? (
                      <>
                        <span role="gridcell">{clockTimeSeconds(row.receivedAt, timezone)}</span>
                        <span role="gridcell" className="event-type">
                          {row.type}
                          {!row.knownType && <span className="badge bad">unknown type</span>}
                        </span>
                        <span role="gridcell" className="mono">
                          {row.targetUuid ?? row.targetId ?? '—'}
                        </span>
                        <span role="gridcell">{row.locationName ?? row.locationUuid ?? '—'}</span>
                        <span role="gridcell">
                          <VerificationBadge verification={row.verification} />
                          {row.deliveries > 1 && <span className="badge">×{row.deliveries}</span>}
                          {row.problem && row.verification !== 'rejected' && (
                            <span className="badge warn">flagged</span>
                          )}
                        </span>
                      </>
                    ) : (
                      <span role="gridcell" className="hint">
                        loading…
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
      <p className="hint" data-testid="event-count">
        {countEvents(log.total, log.more)}
      </p>
    </div>
  );
}

/**
 * "1 event", "2,345 events"; "100+ events" while a search has not reached the oldest rows (it
 * found one more than the pages asked for, so the count is a floor; scrolling on searches on).
 */
export function countEvents(n: number, more = false): string {
  if (more) return `${Math.max(0, n - 1).toLocaleString('en-US')}+ events`;
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'event' : 'events'}`;
}
