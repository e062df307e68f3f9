// A punch-in the service refused (parked for a manager) stays on the board, marked parked, until a
// later punch of that person ends it: the board never says "everyone has punched out" while one is
// parked. Real outbox files in a temp folder.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parkedPunchIns, projectBoard } from '../../electron/core/labor/board';
import type { Outbox } from '../../electron/core/labor/outbox';
import { tempDir } from './labor-test-kit';
import { punchMaker, testOutbox } from './wage-shift-kit';

let dir: string;
let outbox: Outbox;
beforeEach(() => {
  dir = tempDir();
  outbox = testOutbox(dir);
});
afterEach(() => {
  outbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const punch = punchMaker({ role: 'server' });

const nameOf = (id: string) => `Person ${id}`;
const board = () => {
  const live = projectBoard(null, outbox, 'loc', nameOf);
  return [...live, ...parkedPunchIns(outbox, 'loc', live, nameOf)];
};
const refuse = (id: string) => outbox.markFailed(id, 400, 'refused');

describe('parked punch-ins on the board', () => {
  it('a refused punch-in shows its person, parked, with the breaks that wait behind it', () => {
    const [start] = outbox.capture([punch({ kind: 'shift-start', userId: 'sam', shift: { local: 's1' } })]);
    refuse(start.id);
    expect(projectBoard(null, outbox, 'loc', nameOf)).toEqual([]);
    expect(board()).toMatchObject([{ userId: 'sam', name: 'Person sam', parked: true, breakStart: null }]);
    outbox.capture([punch({ kind: 'break-start', userId: 'sam', shift: { local: 's1' }, brk: { local: 'b1' } })]);
    expect(board()).toMatchObject([{ userId: 'sam', parked: true, breakStart: expect.any(Number) }]);
  });

  it('a later punch-out or a new punch-in ends the parked row; a discarded one never shows', () => {
    const [a] = outbox.capture([punch({ kind: 'shift-start', userId: 'a', shift: { local: 'sa' } })]);
    const [b] = outbox.capture([punch({ kind: 'shift-start', userId: 'b', shift: { local: 'sb' } })]);
    const [c] = outbox.capture([punch({ kind: 'shift-start', userId: 'c', shift: { local: 'sc' } })]);
    for (const p of [a, b, c]) refuse(p.id);
    outbox.capture([punch({ kind: 'shift-end', userId: 'a', shift: { local: 'sa' } })]);
    outbox.capture([punch({ kind: 'shift-start', userId: 'b', shift: { local: 'sb2' } })]);
    // b's new punch-in is on the board as pending, once: not beside a parked row of the old one.
    expect(board().map((r) => [r.userId, r.parked ?? false])).toEqual([
      ['b', false],
      ['c', true],
    ]);
    outbox.discard(c.id, 'manager');
    expect(board().map((r) => r.userId)).toEqual(['b']);
  });

  it('another location’s parked punch-in is not on this board', () => {
    const [x] = outbox.capture([punch({ kind: 'shift-start', userId: 'x', locationUuid: 'other' })]);
    refuse(x.id);
    expect(board()).toEqual([]);
  });
});
