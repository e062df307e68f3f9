// Auto clock-out at the business day's end, through the real core and sandbox: the shift is closed
// at that time (not when the core noticed), once, across restarts, and flagged for review.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { DEFAULT_LABOR_TUNING } from '../../electron/core/labor/labor-service';
import { REVIEW_NOTES_FILE } from '../../electron/core/labor/review-notes';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { businessDayEndAfter } from '../../shared/labor-rules/business-day';
import { DEFAULT_LABOR_SETTINGS } from '../../shared/labor';
import { waitUntil } from '../support';
import { drained, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const NY = 'America/New_York';
// New York is UTC-5 in winter (EST) and UTC-4 from 2025-03-09 02:00 (EDT).
const est = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour + 5, minute);
const edt = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour + 4, minute);

describe('the end of a business day', () => {
  it('a shift from 18:00 ends its day at 04:00 the next morning, 10 h later', () => {
    expect(businessDayEndAfter(est(5, 18), '04:00', NY)).toBe(est(6, 4));
    expect(est(6, 4) - est(5, 18)).toBe(10 * 3_600_000);
  });
  it('a shift from 03:30 (still the night before) ends at 04:00 the same morning', () => {
    expect(businessDayEndAfter(est(6, 3, 30), '04:00', NY)).toBe(est(6, 4));
  });
  it('across the spring change: 20:00 EST to 04:00 EDT is 7 h, not 8', () => {
    expect(businessDayEndAfter(est(8, 20), '04:00', NY)).toBe(edt(9, 4));
    expect(edt(9, 4) - est(8, 20)).toBe(7 * 3_600_000);
  });
  it('a day ending at 23:30 closes a 18:00 shift the same evening', () => {
    expect(businessDayEndAfter(est(5, 18), '23:30', NY)).toBe(est(5, 23, 30));
  });
});

describe('auto clock-out', () => {
  let sb: RunningSandbox;
  let dir: string;
  let running: RunningLabor;
  let now = est(5, 18);

  // The clock stands still between the steps a test sets, and the core's retry timers run on that
  // clock too: a request cut off by its timeout would wait for a retry that never comes. So these
  // requests get the core's own timeout, which only a hung sandbox reaches, not the kit's short
  // one, which is there for the fault tests.
  const startKiosk = (folder: string, fetch?: typeof globalThis.fetch) =>
    startLabor(sb, folder, {
      demoStaff: true,
      now: () => now,
      fetch,
      tuning: { autoCloseCheckMs: 0, timeoutMs: DEFAULT_LABOR_TUNING.timeoutMs },
    });

  beforeEach(async () => {
    now = est(5, 18);
    sb = await startSandbox();
    dir = tempDir();
    running = await startKiosk(dir);
    running.labor.saveSettings({ settings: { ...DEFAULT_LABOR_SETTINGS, businessDayEnd: '04:00' } });
  });
  afterEach(async () => {
    await running.stop();
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const restart = async () => {
    await running.stop();
    running = await startKiosk(dir);
  };

  it('closes a shift left open at 04:00, once, across restarts, flagged "auto-closed"', async () => {
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await drained(running.labor);
    // Before 04:00 nothing happens.
    now = est(6, 3, 59);
    expect(running.labor.autoCloseDue()).toBe(0);
    // The core notices at 05:10, and clocks out at 04:00.
    now = est(6, 5, 10);
    expect(running.labor.autoCloseDue()).toBe(1);
    expect(running.labor.autoCloseDue()).toBe(0);
    await drained(running.labor);
    await running.labor.refreshBoard();
    expect(running.labor.autoCloseDue()).toBe(0);
    const [entry] = sb.world.labor.all();
    expect(entry).toMatchObject({ userId: '2004', punchOutMs: est(6, 4), declaredTips: null });
    expect(running.labor.reviewNotes()).toMatchObject([
      { kind: 'auto-closed', userId: '2004', at: est(6, 4), day: '2025-03-05' },
    ]);

    // A restart on the same folder closes nothing again, and the note is there once.
    await restart();
    await running.labor.refreshBoard();
    expect(running.labor.autoCloseDue()).toBe(0);
    expect(sb.world.labor.all()).toHaveLength(1);
    expect(sb.world.labor.all()[0].punchOutMs).toBe(est(6, 4));
    expect(running.labor.reviewNotes()).toHaveLength(1);
  });

  it('closes a shift while the service is down, once, and the note comes back after a stop before it was written', async () => {
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await drained(running.labor);
    sb.world.faults.add({ route: 'PATCH /api/loc/:location/labor/entries/:entry', mode: 'status500', count: 'always' });
    now = est(6, 6);
    expect(running.labor.autoCloseDue()).toBe(1);
    // Stopped with the clock-out still in the outbox and its note lost.
    await running.stop();
    rmSync(join(dir, REVIEW_NOTES_FILE));
    sb.world.faults.clear();
    running = await startKiosk(dir);
    expect(running.labor.autoCloseDue()).toBe(0);
    expect(running.labor.reviewNotes()).toMatchObject([{ kind: 'auto-closed', at: est(6, 4) }]);
    await drained(running.labor);
    expect(sb.world.labor.all()).toMatchObject([{ punchOutMs: est(6, 4) }]);
  });

  it('a clock-out a manager discarded is never made again, though the shift shows open once more', async () => {
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await drained(running.labor);
    // The service refuses the clock-out for good: it is parked for a manager.
    await running.stop();
    const refusing: typeof fetch = (input, init) =>
      init?.method === 'PATCH'
        ? Promise.resolve(new Response('{"error":"refused"}', { status: 422 }))
        : fetch(input, init);
    running = await startKiosk(dir, refusing);
    now = est(6, 6);
    expect(running.labor.autoCloseDue()).toBe(1);
    await waitUntil(() => running.labor.outboxItems().some((i) => i.state === 'failed'));
    const [auto] = running.labor.outboxItems().filter((i) => i.id.startsWith('auto-close:'));
    running.labor.discardPunch(auto.id, 'test');
    expect(running.labor.view().board.rows).toMatchObject([{ userId: '2004' }]);
    expect(running.labor.autoCloseDue()).toBe(0);
    expect(running.labor.outboxItems().filter((i) => i.id.startsWith('auto-close:'))).toHaveLength(0);
  });

  it('closes nothing when the venue has no business day end', async () => {
    running.labor.saveSettings({ settings: { ...DEFAULT_LABOR_SETTINGS, businessDayEnd: null } });
    const h = laborHandlers(running.labor);
    const s = await h.laborIdentify({ pin: '2222' });
    await h.laborPunch(s.token, { action: 'punch-in' });
    now = est(7, 12);
    expect(running.labor.autoCloseDue()).toBe(0);
  });

  it('two kiosks with no hub close one shift once, and never over a punch-out the other took', async () => {
    // A second kiosk of the same venue: its own folder, the same service, PATCHes counted on the wire.
    let patches = 0;
    const counting: typeof fetch = (input, init) => {
      if (init?.method === 'PATCH') patches += 1;
      return fetch(input, init);
    };
    await running.stop();
    running = await startKiosk(dir, counting);
    const otherDir = tempDir();
    const other = await startKiosk(otherDir, counting);
    other.labor.saveSettings({ settings: { ...DEFAULT_LABOR_SETTINGS, businessDayEnd: '04:00' } });
    try {
      const h = laborHandlers(running.labor);
      const a = await h.laborIdentify({ pin: '2222' });
      await h.laborPunch(a.token, { action: 'punch-in' });
      const b = await h.laborIdentify({ pin: '3333' });
      await h.laborPunch(b.token, { action: 'punch-in' });
      await drained(running.labor);
      await other.labor.refreshBoard();
      expect(other.labor.view().board.rows).toHaveLength(2);

      // 2004 clocks out at 03:50 on the first kiosk; the second's board has not seen it.
      now = est(6, 3, 50);
      const again = await h.laborIdentify({ pin: '2222' });
      await h.laborPunch(again.token, { action: 'punch-out', declaredTipsCents: 0 });
      await drained(running.labor);
      expect(patches).toBe(1);

      // Both kiosks notice the business day's end; each closes the shifts its board shows open.
      now = est(6, 5, 10);
      expect(running.labor.autoCloseDue()).toBe(1);
      await drained(running.labor);
      expect(other.labor.autoCloseDue()).toBe(2);
      await drained(other.labor);

      // One clock-out for the shift left open, and the real punch-out left as it was.
      expect(patches).toBe(2);
      const byUser = Object.fromEntries(sb.world.labor.all().map((e) => [e.userId, e.punchOutMs]));
      expect(Object.keys(byUser)).toHaveLength(2);
      expect(byUser['2004']).toBe(est(6, 3, 50));
      expect(Object.values(byUser).filter((t) => t === est(6, 4))).toHaveLength(1);
    } finally {
      await other.stop();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
