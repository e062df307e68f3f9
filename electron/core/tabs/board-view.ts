// The Tabs screen's board: the open-tabs projection (electron/core/webhooks) at the chosen
// location, open tabs oldest first, recently closed ones newest first, each with a label for tabs
// the events never named (pass tabs) and the refunds this workstation asked for.
import { CLOSED_ON_BOARD, type BoardTab, type BoardView, type RequestedRefund } from '../../../shared/tabs';
import type { OpenTab } from '../../../shared/webhooks';
import type { TabsSummary } from './open-tabs-projection';

export interface BoardExtras {
  /** tab uuid → a name to show when OPEN_TAB never said one. */
  labels: ReadonlyMap<string, string>;
  /** tab uuid → refunds asked here, newest last. */
  requested: ReadonlyMap<string, RequestedRefund[]>;
}

const NO_EXTRAS: BoardExtras = { labels: new Map(), requested: new Map() };

export function boardView(tabs: OpenTab[], locationUuid: string | null, extras: BoardExtras = NO_EXTRAS): BoardView {
  // A tab known only from events without a location could be anywhere: shown rather than lost.
  const here = tabs.filter((t) => locationUuid === null || t.locationUuid === null || t.locationUuid === locationUuid);
  const open = here.filter((t) => t.closedAt === null);
  const closedAll = here.filter((t) => t.closedAt !== null);
  const closed = closedAll
    .sort((a, b) => (a.closedAt! > b.closedAt! ? -1 : a.closedAt! < b.closedAt! ? 1 : a.uuid < b.uuid ? -1 : 1))
    .slice(0, CLOSED_ON_BOARD);
  return boardViewOf({ open, closed, closedCount: closedAll.length }, locationUuid, extras);
}

/**
 * The same board from a summary already narrowed to the location (OpenTabsProjection.summary():
 * open tabs in board order, the CLOSED_ON_BOARD most recently closed, the closed count), so a push
 * costs the tabs shown rather than every tab ever seen.
 */
export function boardViewOf(
  summary: TabsSummary,
  locationUuid: string | null,
  extras: BoardExtras = NO_EXTRAS,
): BoardView {
  const withExtras = (tab: OpenTab) => boardTabOf(tab, extras);
  return {
    locationUuid,
    open: summary.open.map(withExtras),
    closed: summary.closed.map(withExtras),
    closedCount: summary.closedCount,
  };
}

/** One tab as the board shows it: its label and the refunds asked here, each marked once confirmed. */
export function boardTabOf(tab: OpenTab, extras: BoardExtras = NO_EXTRAS): BoardTab {
  const confirmed = new Set(tab.refunds.map((r) => r.refundPaymentId));
  return {
    ...tab,
    label: extras.labels.get(tab.uuid) ?? null,
    requestedRefunds: (extras.requested.get(tab.uuid) ?? []).map((r) => ({
      ...r,
      confirmed: r.refundPaymentId !== null && confirmed.has(r.refundPaymentId),
    })),
  };
}
