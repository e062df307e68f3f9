// A punch whose answer was lost is read back before it is ever sent again, and that read-back is a
// list. Against a service that cuts its lists silently and ignores `offset`, the list the reader
// gets is marked incomplete; the punch is then not "absent" (it may sit in the rows never reached):
// it waits, saying why, and is never sent a second time. Once the list reads whole it is found.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { namedReadings } from '../../electron/sandbox/readings';
import { HARBOUR, drained, entriesAt, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

const ENTRIES = '/api/loc/:location/labor/entries';
const MINUTE = 60_000;

let sb: RunningSandbox | null = null;
let running: RunningLabor | null = null;
let dir: string | null = null;

afterEach(async () => {
  await running?.stop();
  await sb?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  running = sb = dir = null;
});

describe('the read-back of a punch whose answer was lost', () => {
  it('on a list that cannot be read to its end waits and never sends the punch twice', async () => {
    sb = await startSandbox({ readings: { ...namedReadings('default'), pageSize: 5, pageMarker: 'none' } });
    dir = tempDir();
    const r = (running = await startLabor(sb, dir, { tuning: { timeoutMs: 15_000 } }));
    // Five closed shifts of Jordan earlier today: the new one is the sixth row, a page being four, past the first page.
    const now = sb.world.clock.nowMs();
    for (let i = 0; i < 5; i++) {
      const start = now - (6 - i) * 2 * MINUTE;
      sb.world.labor.add({
        locationUuid: HARBOUR.uuid,
        shiftUuid: null,
        punchType: 'shift',
        userId: '2004',
        role: 'bartender',
        roleUuid: SEED_ROLES.bartender,
        punchInMs: start,
        punchOutMs: start + MINUTE,
        declaredTips: null,
        createdMs: start,
      });
    }
    // A service that pages silently and knows no offset: every probe answers the first page again.
    const client = r.client as unknown as { requestWithHeaders: typeof r.client.requestWithHeaders };
    const real = client.requestWithHeaders.bind(r.client);
    let offsetIgnored = true;
    client.requestWithHeaders = (as, method, path, options = {}) => {
      const query = { ...(options.query ?? {}) };
      if (offsetIgnored) delete query.offset;
      return real(as, method, path, { ...options, query });
    };
    sb.world.faults.add({ route: `POST ${ENTRIES}`, mode: 'commit-lose-response', count: 1 });
    r.labor.capture('2004', {
      action: 'punch-in',
      role: { role: 'bartender', roleUuid: SEED_ROLES.bartender },
      declaredTipsCents: 0,
    });
    await vi.waitFor(() => expect(r.labor.outboxItems()[0]?.message ?? '').toMatch(/may be incomplete/), {
      timeout: 15_000,
      interval: 20,
    });
    const open = () => entriesAt(sb!).filter((e) => e.punchOutMs === null);
    expect(open(), 'the shift committed once, never sent again').toHaveLength(1);

    offsetIgnored = false;
    r.labor.syncNow();
    await drained(r.labor);
    expect(open(), 'found on the whole list, not sent again').toHaveLength(1);
    expect(entriesAt(sb)).toHaveLength(6);
  });
});
