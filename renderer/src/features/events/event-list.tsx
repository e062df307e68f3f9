// The live list of the event log, virtualized: only the rows on screen exist in the DOM, so it
// stays smooth with 100 000 events.
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useAppStore } from '../../store';
import { useEventWindow } from './use-event-window';
import { VerificationBadge } from './verification-badge';

const ROW_HEIGHT = 44;

export function EventList() {
  const filter = useAppStore((s) => s.filter);
  const version = useAppStore((s) => s.eventsVersion);
  const selectedSeq = useAppStore((s) => s.selectedSeq);
  const selectEvent = useAppStore((s) => s.selectEvent);
  const log = useEventWindow(filter, version);
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

  return (
    <div className="event-list-wrap">
      <div className="event-list-head" role="row">
        <span>Received</span>
        <span>Type</span>
        <span>Target</span>
        <span>Location</span>
        <span>Check</span>
      </div>
      {log.error && <p className="error" role="alert">{log.error}</p>}
      {log.total === 0 ? (
        <p className="empty" data-testid="events-empty">
          {Object.keys(filter).length > 0 ? 'No events match these filters.' : 'No webhook events have been received yet.'}
        </p>
      ) : (
        <div ref={parent} className="event-list" role="table" aria-label="Events" data-testid="event-list">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = log.row(item.index);
              return (
                <div
                  key={item.key}
                  role="row"
                  className={row && row.seq === selectedSeq ? 'event-row selected' : 'event-row'}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => row && selectEvent(row.seq)}
                  data-seq={row?.seq}
                >
                  {row ? (
                    <>
                      <span>{new Date(row.receivedAt).toLocaleTimeString()}</span>
                      <span className="event-type">
                        {row.type}
                        {!row.knownType && <span className="badge bad">unknown type</span>}
                      </span>
                      <span className="mono">{row.targetUuid ?? row.targetId ?? '—'}</span>
                      <span>{row.locationName ?? row.locationUuid ?? '—'}</span>
                      <span>
                        <VerificationBadge verification={row.verification} />
                        {row.deliveries > 1 && <span className="badge">×{row.deliveries}</span>}
                        {row.problem && row.verification !== 'rejected' && <span className="badge warn">flagged</span>}
                      </span>
                    </>
                  ) : (
                    <span className="hint">loading…</span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
      <p className="hint">{log.total.toLocaleString()} events</p>
    </div>
  );
}
