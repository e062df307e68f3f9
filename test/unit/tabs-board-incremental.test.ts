// The open-tabs projection derives only the tabs an event can change (a dirty set) and pushes the
// open tabs plus the most recently closed ones. Whatever events arrive, in whatever order, with
// reads in between, board() must equal what deriving every tab from all the facts gives (the
// projection as it was, open-tabs-reference.ts), and the pushed board must equal boardView() of it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardView, boardViewOf } from '../../electron/core/tabs/board-view';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import { CLOSED_ON_BOARD } from '../../shared/tabs';
import { ReferenceOpenTabs } from './open-tabs-reference';
import { rng, T0 } from './webhook-fixtures';
import { accepted } from './webhook-tab-story';
import { tangledEvent } from './tangled-events';

describe('OpenTabsProjection, incremental', () => {
  it('after every step of any event sequence, equals deriving every tab from all facts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 60 }), (seed, length) => {
        const random = rng(seed);
        const incremental = new OpenTabsProjection();
        const reference = new ReferenceOpenTabs();
        for (let i = 0; i < length; i++) {
          const event = accepted(tangledEvent(random), i + 1);
          incremental.apply(event);
          reference.apply(event);
          // Read at random moments, so dirty sets of every size are exercised.
          if (random() < 0.4 || i === length - 1) {
            const all = reference.board();
            expect(incremental.board()).toEqual(all);
            for (const at of ['loc-1', 'loc-2', null]) {
              const summary = incremental.summary(at, 2);
              expect(boardViewOf(summary, at)).toEqual({
                ...boardView(all, at),
                closed: boardView(all, at).closed.slice(0, 2),
              });
              expect(boardViewOf(incremental.summary(at, CLOSED_ON_BOARD), at)).toEqual(boardView(all, at));
            }
            const some = all[Math.floor(random() * Math.max(1, all.length))];
            if (some) expect(incremental.tab(some.uuid)).toEqual(some);
          }
        }
      }),
      { numRuns: 400 },
    );
    // 400 runs of up to 60 events each: seconds of CPU, more on a shared 2-core machine (not a speed check).
  }, 60_000);

  it('keeps the pushed board bounded: open tabs and the most recently closed, with the count of all', () => {
    const p = new OpenTabsProjection();
    let seq = 0;
    const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
    for (let n = 0; n < 200; n++) {
      p.apply(
        accepted(
          {
            type: 'OPEN_TAB',
            targetUuid: `tab-${n}`,
            locationUuid: 'loc-1',
            createdAt: at(n),
            data: { name: `G${n}`, spotName: 'T', total: 0, openedFrom: 'SERVER_TAB' },
          },
          ++seq,
        ),
      );
      if (n < 150)
        p.apply(
          accepted(
            { type: 'CLOSE_TAB', targetUuid: `tab-${n}`, locationUuid: 'loc-1', createdAt: at(n + 1), data: {} },
            ++seq,
          ),
        );
    }
    const summary = p.summary('loc-1', CLOSED_ON_BOARD);
    expect(summary.open).toHaveLength(50);
    expect(summary.closed).toHaveLength(CLOSED_ON_BOARD);
    expect(summary.closed[0].uuid).toBe('tab-149');
    expect(summary.closedCount).toBe(150);
    expect(p.summary('loc-2', CLOSED_ON_BOARD)).toEqual({ open: [], closed: [], closedCount: 0 });
    // An unchanged tab is the same object from one push to the next (nothing re-derived or copied).
    p.apply(
      accepted(
        { type: 'CLOSE_TAB', targetUuid: 'tab-199', locationUuid: 'loc-1', createdAt: at(300), data: {} },
        seq + 1,
      ),
    );
    const next = p.summary('loc-1', CLOSED_ON_BOARD);
    expect(next.closed[0].uuid).toBe('tab-199');
    expect(next.closed[1]).toBe(summary.closed[0]);
    expect(next.open[0]).toBe(summary.open[0]);
  });
});
