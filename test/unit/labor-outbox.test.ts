// The durable pieces on their own: the append-only log (fsync, torn tails, damage), the outbox's
// per-person order and dependencies, compaction across restarts, and the single-drainer lock.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppendLog } from '../../electron/core/labor/append-log';
import { FILE } from '../../electron/core/labor/outbox';
import { processStart } from '../../electron/core/labor/outbox-lock';
import { tempDir } from './labor-test-kit';
import { punchMaker, testOutbox } from './wage-shift-kit';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const parse = (raw: unknown) =>
  raw && typeof raw === 'object' && typeof (raw as { n?: unknown }).n === 'number' ? (raw as { n: number }) : null;

describe('append-only log', () => {
  it('keeps every appended record across reopening', () => {
    const a = AppendLog.open(dir, 'x.log', parse);
    a.log.append({ n: 1 });
    a.log.appendMany([{ n: 2 }, { n: 3 }]);
    a.log.close();
    const b = AppendLog.open(dir, 'x.log', parse);
    expect(b.records).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(b.dropped).toBe(0);
    b.log.close();
  });

  it('drops a torn last line and rewrites the file, so the next append is not glued to it', () => {
    const a = AppendLog.open(dir, 'x.log', parse);
    a.log.appendMany([{ n: 1 }, { n: 2 }]);
    a.log.close();
    appendFileSync(join(dir, 'x.log'), '{"n":3'); // a write cut short by a crash
    const b = AppendLog.open(dir, 'x.log', parse);
    expect(b.records).toEqual([{ n: 1 }, { n: 2 }]);
    expect(b.dropped).toBe(1);
    b.log.append({ n: 4 });
    b.log.close();
    expect(readFileSync(join(dir, 'x.log'), 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":4}\n');
    const c = AppendLog.open(dir, 'x.log', parse);
    expect(c.records.map((r) => r.n)).toEqual([1, 2, 4]);
    c.log.close();
  });

  it('skips damaged lines (garbage, NUL padding, records it does not accept) and keeps the rest', () => {
    writeFileSync(join(dir, 'x.log'), '{"n":1}\nnot json\n\u0000\u0000\u0000\n{"m":2}\n{"n":5}\n');
    const opened = AppendLog.open(dir, 'x.log', parse);
    expect(opened.records).toEqual([{ n: 1 }, { n: 5 }]);
    expect(opened.dropped).toBe(3);
    opened.log.close();
  });
});

const punch = punchMaker();

describe('outbox', () => {
  const open = () => testOutbox(dir);

  it('sends per person in capture order, and a punch waits for the entry it needs', () => {
    const o = open();
    const [inA, brkA, endA] = o.capture([
      punch({ kind: 'shift-start', userId: 'a' }),
      punch({ kind: 'break-start', userId: 'a', brk: { local: 'b-a' } }),
      punch({ kind: 'break-end', userId: 'a', brk: { local: 'b-a' } }),
    ]);
    o.capture([punch({ kind: 'shift-start', userId: 'b', shift: { local: 's-b' } })]);
    expect(o.nextFor('a')?.p.id).toBe(inA.id);
    expect(o.nextFor('b')?.p.kind).toBe('shift-start');
    expect(o.resolve({ local: 's-a' })).toBeNull();
    o.markDone(inA.id, 'uuid-shift-a');
    expect(o.resolve({ local: 's-a' })).toBe('uuid-shift-a');
    expect(o.nextFor('a')?.p.id).toBe(brkA.id);
    o.markDone(brkA.id, 'uuid-break-a');
    expect(o.nextFor('a')?.p.id).toBe(endA.id);
    o.markDone(endA.id, null);
    expect(o.nextFor('a')).toBeNull();
    expect(o.pendingUsers()).toEqual(['b']);
    o.close();
  });

  it('keeps a parked punch’s kind through a restart, so the screen still words it by kind', () => {
    const o = open();
    const [first] = o.capture([punch({ kind: 'shift-start', userId: 'a', shift: { local: 's1' } })]);
    const said = 'user_id 9 is not a staff member at this location.';
    o.markFailed(first.id, 400, said, { kind: 'invalid', data: { field: null, said }, message: `400: ${said}` });
    o.close();
    const again = open();
    expect(again.items()[0]).toMatchObject({
      state: 'failed',
      problem: { kind: 'invalid', data: { field: null, said } },
    });
    again.close();
  });

  it('a refused punch blocks only the punches that need it; the person’s next shift still goes', () => {
    const o = open();
    const [first, brk, out] = o.capture([
      punch({ kind: 'shift-start', userId: 'a', shift: { local: 's1' } }),
      punch({ kind: 'break-start', userId: 'a', shift: { local: 's1' }, brk: { local: 'b1' } }),
      punch({ kind: 'shift-end', userId: 'a', shift: { local: 's1' } }),
    ]);
    const [second] = o.capture([punch({ kind: 'shift-start', userId: 'a', shift: { local: 's2' } })]);
    o.markFailed(first.id, 400, 'user_id 9 is not a staff member at this location.');
    expect(o.nextFor('a')?.p.id).toBe(second.id);
    const items = o.items();
    expect(items.find((i) => i.id === first.id)).toMatchObject({
      state: 'failed',
      message: '400: user_id 9 is not a staff member at this location.',
    });
    expect(items.find((i) => i.id === brk.id)?.state).toBe('blocked');
    expect(items.find((i) => i.id === out.id)?.state).toBe('blocked');
    expect(o.summary('waiting', null, null)).toMatchObject({ pending: 1, failed: 1, blocked: 2 });
    // Only failed or blocked punches can be discarded, and a retry unblocks the rest.
    expect(() => o.discard(second.id, 'm')).toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect(() => o.retry(second.id, 'm')).toThrow(expect.objectContaining({ kind: 'conflict' }));
    o.retry(first.id, 'manager');
    expect(o.nextFor('a')?.p.id).toBe(first.id);
    expect(o.items().find((i) => i.id === brk.id)?.state).toBe('pending');
    o.close();
  });

  it('keeps who discarded a punch and when it failed through every restart (compaction rewrites nothing)', () => {
    let now = 10_000;
    const at = () => testOutbox(dir, () => now);
    const o = at();
    const [a, b] = o.capture([
      punch({ kind: 'shift-start', userId: 'a', shift: { local: 's1' } }),
      punch({ kind: 'shift-start', userId: 'b', shift: { local: 's2' } }),
    ]);
    o.markFailed(a.id, 400, 'refused');
    o.discard(a.id, 'manager-7');
    now = 20_000;
    o.markFailed(b.id, 409, 'conflict');
    o.close();
    for (const later of [60_000, 3_600_000, 7_200_000]) {
      now = later;
      at().close();
    }
    const lines = readFileSync(join(dir, FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.find((r) => r.t === 'discard' && r.id === a.id)).toMatchObject({ at: 10_000, by: 'manager-7' });
    expect(lines.find((r) => r.t === 'failed' && r.id === b.id)).toMatchObject({
      at: 20_000,
      status: 409,
      message: 'conflict',
    });
    expect(lines.some((r) => r.by === 'compaction')).toBe(false);
  });

  it('rebuilds the same state after a restart: done uuids, failures, unsure sends and discards', () => {
    const o = open();
    const [a, b, c, d] = o.capture([
      punch({ kind: 'shift-start', userId: 'a', shift: { local: 's1' } }),
      punch({ kind: 'shift-end', userId: 'a', shift: { local: 's1' } }),
      punch({ kind: 'shift-start', userId: 'b', shift: { local: 's2' } }),
      punch({ kind: 'shift-start', userId: 'c', shift: { local: 's3' } }),
    ]);
    o.markDone(a.id, 'U1');
    o.markAttempt(b.id); // the app dies right after sending
    o.markFailed(c.id, 400, 'nope');
    o.discard(c.id, 'manager');
    o.markAttempt(d.id);
    o.markUnsure(d.id, 9_999, 'timed out');
    o.close();

    const again = open();
    expect(again.get(a.id)).toMatchObject({ status: 'done', uuid: 'U1' });
    expect(again.resolve({ local: 's1' })).toBe('U1');
    expect(again.get(b.id)?.unsure?.retryAt).toBeGreaterThan(0);
    expect(again.get(c.id)?.status).toBe('discarded');
    expect(again.get(d.id)?.unsure).toMatchObject({ retryAt: 9_999, message: 'timed out' });
    const [e] = again.capture([punch({ kind: 'shift-start', userId: 'e', shift: { local: 's5' } })]);
    expect(e.seq).toBeGreaterThan(d.seq);
    again.close();
    // Compaction on open kept one line per fact, not the whole history.
    expect(readFileSync(join(dir, FILE), 'utf8').trim().split('\n').length).toBeLessThanOrEqual(10);
  });

  it('one drainer per data folder: a second outbox on the same folder refuses to open until the first closes', () => {
    const first = open();
    expect(() => open()).toThrow(/already open/);
    first.close();
    const second = open();
    second.close();
  });

  it('takes over a lock left by a process that died', () => {
    writeFileSync(join(dir, 'labor-outbox.lock'), '999999');
    const o = open();
    o.close();
  });

  it.runIf(processStart(process.ppid) !== null)(
    'takes over a lock whose pid now belongs to another process, but not one held by a live copy',
    () => {
      // The parent process is alive, but it started at another time than the lock says: a reused pid.
      writeFileSync(join(dir, 'labor-outbox.lock'), JSON.stringify({ pid: process.ppid, start: '1' }));
      open().close();
      // The same pid with its real start time is a live copy of the app: refused.
      writeFileSync(
        join(dir, 'labor-outbox.lock'),
        JSON.stringify({ pid: process.ppid, start: processStart(process.ppid) }),
      );
      expect(() => open()).toThrow(/Another copy of the app/);
      rmSync(join(dir, 'labor-outbox.lock'));
    },
  );

  it('removes temp files a crash left mid-write, and keeps everything else', () => {
    writeFileSync(join(dir, `${FILE}.999999.tmp`), 'half a rewrite');
    writeFileSync(join(dir, 'notes.txt'), 'kept');
    open().close();
    expect(existsSync(join(dir, `${FILE}.999999.tmp`))).toBe(false);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('kept');
  });
});
