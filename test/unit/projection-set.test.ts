// Each projection declares the event types it takes, and ProjectionSet feeds it only those, live,
// on replay and on the inspector's "apply again" alike.
import { describe, expect, it } from 'vitest';
import { ProjectionSet, type Projection } from '../../electron/core/webhooks/projections';
import type { AcceptedEvent } from '../../shared/webhooks';

const event = (seq: number, type: string): AcceptedEvent =>
  ({
    seq,
    type,
    receivedAt: 0,
    createdAt: '2026-01-01T00:00:00Z',
    dedupeKey: `k${seq}`,
    verification: 'verified',
    targetUuid: null,
    targetId: null,
    locationUuid: null,
    locationName: null,
    locationId: null,
    data: {},
  }) as unknown as AcceptedEvent;

function recorder(types?: string[]): Projection & { seen: string[] } {
  const seen: string[] = [];
  return {
    name: 'r',
    seen,
    ...(types ? { types: new Set(types) } : {}),
    apply: (e) => void seen.push(`${e.seq}:${e.type}`),
  };
}

describe('ProjectionSet', () => {
  it('feeds a projection only the types it declares; one without a list gets every event', () => {
    const set = new ProjectionSet(() => {});
    const tabs = recorder(['OPEN_TAB', 'CLOSE_TAB']);
    const all = recorder();
    set.add([tabs, all], (visit) => {
      visit(event(1, 'OPEN_TAB'));
      visit(event(2, 'QR_SCANNED'));
      return 2;
    });
    set.applyLive(event(3, 'GUEST_VERIFIED'));
    set.applyLive(event(4, 'CLOSE_TAB'));
    set.applyAgain(event(2, 'QR_SCANNED'));
    expect(tabs.seen).toEqual(['1:OPEN_TAB', '4:CLOSE_TAB']);
    expect(all.seen).toEqual(['1:OPEN_TAB', '2:QR_SCANNED', '3:GUEST_VERIFIED', '4:CLOSE_TAB', '2:QR_SCANNED']);
  });
});
