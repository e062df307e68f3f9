// How the tabs board travels to a screen under a busy venue's load: one whole board when a screen
// starts watching (or the location or money unit changed), then only the tabs that changed. A
// push's cost follows the tabs an event touched, not the number of tabs open.
import { CLOSED_ON_BOARD, type BoardTab, type BoardView } from './tabs';
import type { OpenTab } from './webhooks';

export type BoardPush =
  | { kind: 'full'; version: number; board: BoardView }
  | {
      kind: 'delta';
      version: number;
      /** The version this delta follows; a screen holding another one asks for a whole board. */
      base: number;
      /** Tabs that are on the board now, as they are now (open or closed). */
      upsert: BoardTab[];
      /** Tabs that left the board (closed long ago, moved location, gone). */
      remove: string[];
      closedCount: number;
    };

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Open tabs oldest first (openedAt, then uuid): the order the core sends. */
export const boardOrder = (a: OpenTab, b: OpenTab) =>
  byKey(a.openedAt ?? '', b.openedAt ?? '') || byKey(a.uuid, b.uuid);

/** Closed tabs newest first (closedAt, then uuid). */
export const newestClosedFirst = (a: OpenTab, b: OpenTab) =>
  a.closedAt! > b.closedAt! ? -1 : a.closedAt! < b.closedAt! ? 1 : byKey(a.uuid, b.uuid);

export interface HeldBoard {
  board: BoardView;
  version: number;
}

/**
 * The board after a push, or 'resync' when a delta does not follow the version held (a push was
 * missed, e.g. across a reconnect): the screen then asks for a whole board and keeps what it has.
 */
export function applyBoardPush(held: HeldBoard | null, push: BoardPush): HeldBoard | 'resync' {
  if (push.kind === 'full') return { board: push.board, version: push.version };
  if (held === null || held.version !== push.base) return 'resync';
  const gone = new Set([...push.remove, ...push.upsert.map((t) => t.uuid)]);
  const open = held.board.open.filter((t) => !gone.has(t.uuid));
  const closed = held.board.closed.filter((t) => !gone.has(t.uuid));
  for (const tab of push.upsert) (tab.closedAt === null ? open : closed).push(tab);
  return {
    version: push.version,
    board: {
      locationUuid: held.board.locationUuid,
      open: open.sort(boardOrder),
      closed: closed.sort(newestClosedFirst).slice(0, CLOSED_ON_BOARD),
      closedCount: push.closedCount,
    },
  };
}
