// The keys besides its uuid that a hub names a shift entry by in its edits (GroupEdit.entryKeys):
// the kiosk's local key of its shift-start, from the outbox while it keeps the punch (36 hours)
// and afterwards from the time-card log, which wrote the local id down beside its uuid. Real files:
// the outbox and the time-card log opened again after the outbox has let the punch go.
import { afterAll, describe, expect, it } from 'vitest';
import { entryKeysOf } from '../../electron/core/group/entry-keys';
import { TimeCardLog } from '../../electron/core/labor/approval/time-card-log';
import { Outbox } from '../../electron/core/labor/outbox';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-group-entry-keys-');
afterAll(() => dirs.removeAll());

const HOUR = 3_600_000;

describe("a shift edit's other keys", () => {
  it('name the shift-start local key, from the outbox and then from the time-card log', () => {
    const dir = dirs.make();
    let now = Date.UTC(2026, 10, 20, 17, 0);
    const open = () => {
      const outbox = new Outbox({ dir, now: () => now, settleAfterAttemptMs: 1_000 });
      return { outbox, cards: new TimeCardLog(dir, (ref) => outbox.resolve(ref)) };
    };
    let { outbox, cards } = open();
    outbox.capture([
      {
        id: 'p1',
        kind: 'shift-start',
        locationUuid: 'loc',
        userId: 'u1',
        name: 'Sam Server',
        capturedAt: now,
        role: null,
        roleUuid: null,
        shift: { local: 'shift-a' },
        brk: null,
        breakType: null,
        declaredTips: null,
      },
    ]);
    outbox.markDone('p1', 'S1');
    expect(entryKeysOf(outbox, cards)('S1')).toEqual(['local:shift-a']);
    expect(entryKeysOf(outbox, cards)('S2')).toEqual([]);
    // A note at punch-out names the shift by its local key; the timesheet reads it by its uuid.
    cards.addNote({ local: 'shift-a' }, 'covered the bar', { userId: 'u1', name: 'Sam Server' }, now, 'kiosk');
    expect(Object.keys(cards.notesByEntry())).toEqual(['S1']);
    outbox.close();
    cards.close();

    // Two days on, the outbox has let the punch go; the time-card log still knows the link.
    now += 48 * HOUR;
    ({ outbox, cards } = open());
    expect(outbox.all()).toEqual([]);
    expect(entryKeysOf(outbox, cards)('S1')).toEqual(['local:shift-a']);
    outbox.close();
    cards.close();
  });
});
