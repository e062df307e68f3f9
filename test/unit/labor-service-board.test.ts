// The board against a list that misses a row: offset paging read while entries close can skip an
// open entry. A person this kiosk just punched in must stay on the board (and able to take a
// break or punch out) even when every list after their punch leaves their shift out.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { drained, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;
/** user_id whose entries every list answer leaves out (as a shifted page would). */
let hidden: string | null = null;
/** Reads of one of the hidden person's entries answer 503 (the service is struggling). */
let singleReadsFail = false;

/** Real fetch to the sandbox; list answers lose the hidden person's entries. */
const skippingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (hidden === null || (init?.method ?? 'GET') !== 'GET' || !res.ok) return res;
  const body = (await res.json()) as {
    entries?: { user_id?: unknown }[];
    user_id?: unknown;
    entry?: { user_id?: unknown };
  };
  if (Array.isArray(body.entries)) body.entries = body.entries.filter((e) => String(e.user_id) !== hidden);
  else if (singleReadsFail && String(body.user_id ?? body.entry?.user_id) === hidden)
    return new Response('{"error":"busy"}', { status: 503 });
  return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
};

beforeEach(async () => {
  hidden = null;
  singleReadsFail = false;
  sb = await startSandbox();
  dir = tempDir();
  running = await startLabor(sb, dir, { demoStaff: true, fetch: skippingFetch });
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a fresh punch-in that later lists skip stays on the board, read back on its own', async () => {
  const h = laborHandlers(running.labor);
  const s = await h.laborIdentify({ pin: '2222' });
  hidden = '2004';
  await h.laborPunch(s.token, { action: 'punch-in' });
  await drained(running.labor);
  // Two fetches after the punch was confirmed: the board now comes from fetches alone.
  await running.labor.refreshBoard();
  await running.labor.refreshBoard();
  expect((await h.laborView()).board.rows).toMatchObject([{ userId: '2004', pending: false }]);
  await h.laborPunch(s.token, { action: 'break-start' });
  await drained(running.labor);
  await running.labor.refreshBoard();
  await running.labor.refreshBoard();
  const [row] = (await h.laborView()).board.rows;
  expect(row).toMatchObject({ userId: '2004' });
  expect(row.breakStart).not.toBeNull();
  await h.laborPunch(s.token, { action: 'break-end' });
  await h.laborPunch(s.token, { action: 'punch-out', declaredTipsCents: 0 });
  await drained(running.labor);
  await running.labor.refreshBoard();
  expect((await h.laborView()).board.rows).toEqual([]);
});

it('while that entry cannot be read back (503), the board keeps the person from the last fetch', async () => {
  const h = laborHandlers(running.labor);
  const s = await h.laborIdentify({ pin: '2222' });
  hidden = '2004';
  singleReadsFail = true;
  await h.laborPunch(s.token, { action: 'punch-in' });
  await drained(running.labor);
  await running.labor.refreshBoard();
  await running.labor.refreshBoard();
  expect((await h.laborView()).board.rows).toMatchObject([{ userId: '2004' }]);
  await h.laborPunch(s.token, { action: 'break-start' });
  singleReadsFail = false;
  await drained(running.labor);
  await running.labor.refreshBoard();
  expect((await h.laborView()).board.rows[0].breakStart).not.toBeNull();
});
