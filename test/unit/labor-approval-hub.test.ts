// Time-card approval lives on the hub: a kiosk device's forwarded punch brings its note (and its
// break kind) with it over the real TLS link, and a kiosk device may remember the language of the
// person signed in there, in that person's session.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { StaffSession } from '../../shared/labor';
import { ok, pairDevice, HubLink, testHubs } from './hub-kit';
import { drained } from './labor-test-kit';

const { hub, later } = testHubs();

it('a forwarded punch-in carries its note, a break its kind; the person’s language is kept', async () => {
  const h = await hub();
  const kiosk = await HubLink.open(await pairDevice(h, 'kiosk', 'Door'));
  later(() => kiosk.close());
  await h.app.handlers.laborRefreshBoard();
  const punch = async (action: string, extra: object) => {
    const s = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
    const p = { punchId: randomUUID(), userId: '2004', action, capturedAt: Date.now(), grant: s.punchGrant, ...extra };
    expect(await ok(kiosk.deviceRequest('hubForwardPunch', [p]))).toEqual({ status: 'accepted' });
    return { s, p };
  };
  await punch('punch-in', { note: 'Covering the bar' });
  const { p: brk } = await punch('break-start', { breakKind: 'rest' });
  const row = h.app.labor.rowFor('2004');
  expect(row?.breakRef && h.app.labor.timeCards.breakKindOf(row.breakRef)).toBe('rest');
  expect(h.app.labor.outbox.get(brk.punchId)?.p.breakType).toBe('paid_break');

  const s = await ok<StaffSession>(kiosk.request('laborIdentify', [{ pin: '2222' }]));
  await ok(kiosk.request('laborRememberLanguage', [s.token, 'es']));
  expect(h.app.labor.timeCards.language('2004')).toBe('es');
  // The note names the shift by the kiosk's local id until the service gives the entry its uuid.
  await drained(h.app.labor);
  const m = await h.app.handlers.laborIdentify({ pin: '9999' });
  const notes = Object.values((await h.app.handlers.laborApproval(m.token)).notes).flat();
  expect(notes).toMatchObject([{ text: 'Covering the bar', where: 'kiosk', byUserId: '2004' }]);
});
