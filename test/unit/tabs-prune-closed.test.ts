// Closed tabs past the dedupe window are forgotten (memory of a host that runs for weeks): the
// board afterwards is exactly the board of the tabs that were kept, an event about a forgotten
// tab (a late refund, a repeat delivered again) does not bring back a tab with half its facts,
// and a screen watching the board is told to remove the forgotten ones.
import { describe, expect, it } from 'vitest';
import { OpenTabsProjection } from '../../electron/core/tabs/open-tabs-projection';
import type { AcceptedEvent } from '../../shared/webhooks';
import { ReferenceOpenTabs } from './open-tabs-reference';
import { rng, T0 } from './webhook-fixtures';
import { accepted, tabStory } from './webhook-tab-story';

const HOUR = 3_600_000;

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('OpenTabsProjection.pruneClosed', () => {
  it('keeps exactly the board of the tabs it did not forget, and ignores later events about forgotten ones', () => {
    for (const seed of [1, 7, 42, 99]) {
      const random = rng(seed);
      // Tabs 0..39 began four days ago, 40..79 an hour ago; about 60 % of each are closed.
      const stories = Array.from({ length: 80 }, (_, n) => tabStory(n, random, n < 40 ? T0 - 96 * HOUR : T0 - HOUR));
      let seq = 0;
      const events = stories.map((story) => story.map((e) => accepted(e, ++seq)));
      const projection = new OpenTabsProjection();
      for (const event of shuffled(events.flat(), random)) projection.apply(event);
      const before = projection.board();
      const old = (uuid: string) => Number(uuid.slice(4)) < 40;
      const forgotten = before.filter((t) => t.closedAt !== null && old(t.uuid)).map((t) => t.uuid);
      expect(forgotten.length).toBeGreaterThan(5);

      expect(projection.pruneClosed(T0 - 48 * HOUR)).toBe(forgotten.length);
      const reference = new ReferenceOpenTabs();
      for (const event of events.filter((_, n) => !forgotten.includes(`tab-${n}`)).flat()) reference.apply(event);
      expect(projection.board()).toEqual(reference.board());
      expect(projection.sizes()).toEqual({ tabs: before.length - forgotten.length, pruned: forgotten.length });
      expect(projection.closedCount(null)).toBe(reference.board().filter((t) => t.closedAt !== null).length);

      // Every event of the forgotten tabs delivered again, and a late refund on one: nothing comes back.
      const late: AcceptedEvent = accepted(
        {
          type: 'PAYMENT_REFUNDED',
          targetId: 'pay-late',
          locationUuid: 'loc-1',
          createdAt: new Date(T0).toISOString(),
          data: {
            tabId: 't0',
            tabUuid: forgotten[0],
            refundPaymentId: 'rp-late',
            refundType: 'open',
            refundAmount: 100,
            refundSubtotal: 100,
            refundTip: 0,
            refundCustomerFee: 0,
            itemCount: 0,
            gateway: 'INTERNAL',
            paymentType: 'card',
          },
        },
        ++seq,
      );
      for (const event of [...events.filter((_, n) => forgotten.includes(`tab-${n}`)).flat(), late])
        projection.apply(event);
      expect(projection.board()).toEqual(reference.board());
      // Pruning again forgets nothing more.
      expect(projection.pruneClosed(T0 - 48 * HOUR)).toBe(0);
    }
  });

  it('tells a board collecting changes which tabs went, and drops tombstones once past their own window', () => {
    const projection = new OpenTabsProjection();
    let seq = 0;
    const open = (uuid: string, atMs: number) =>
      projection.apply(
        accepted(
          {
            type: 'OPEN_TAB',
            targetUuid: uuid,
            locationUuid: 'loc-1',
            createdAt: new Date(atMs).toISOString(),
            data: { name: uuid, spotName: 'T', total: 0, openedFrom: 'SERVER_TAB' },
          },
          ++seq,
        ),
      );
    const close = (uuid: string, atMs: number) =>
      projection.apply(
        accepted(
          {
            type: 'CLOSE_TAB',
            targetUuid: uuid,
            locationUuid: 'loc-1',
            createdAt: new Date(atMs).toISOString(),
            data: {},
          },
          ++seq,
        ),
      );
    open('old', T0 - 72 * HOUR);
    close('old', T0 - 71 * HOUR);
    open('young', T0 - 2 * HOUR);
    close('young', T0 - HOUR);
    open('open', T0 - HOUR);
    projection.takeChanged();
    expect(projection.pruneClosed(T0 - 48 * HOUR)).toBe(1);
    expect([...projection.takeChanged()]).toEqual(['old']);
    expect(projection.tab('old')).toBeUndefined();
    expect(projection.board().map((t) => t.uuid)).toEqual(['young', 'open']);
    // A tombstone past its own window goes: the tab could then be seen again (its events left the log by then).
    projection.pruneClosed(T0 - 48 * HOUR, T0);
    expect(projection.sizes().pruned).toBe(0);
  });
});
