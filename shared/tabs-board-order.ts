// The open-tabs board as a manager asks for it: sorted (longest open, largest total, or by name),
// narrowed by what they type, and each open tab flagged when it has been open longer than the
// venue's setting. Plain functions of the board's tabs and the clock, so a test can check them.
import type { BoardTab } from './tabs';

export type BoardSort = 'opened' | 'total' | 'name';

export const BOARD_SORTS: readonly { key: BoardSort; label: string }[] = [
  { key: 'opened', label: 'Longest open first' },
  { key: 'total', label: 'Largest total first' },
  { key: 'name', label: 'Name' },
];

/** Items total less what the service confirmed as refunded (tips and fees included in refunds). */
export function netTotal(tab: BoardTab): number {
  return tab.total - tab.refunds.reduce((sum, r) => sum + r.amount, 0);
}

export function tabTitle(tab: BoardTab): string {
  return tab.name ?? tab.label ?? `Tab …${tab.uuid.slice(-6)}`;
}

/** Whether a tab still open has been open longer than `minutes` at `now`. */
export function isOpenTooLong(tab: BoardTab, now: number, minutes: number): boolean {
  if (tab.closedAt || !tab.openedAt) return false;
  const from = Date.parse(tab.openedAt);
  return Number.isFinite(from) && now - from > minutes * 60_000;
}

/** A tab matches when every word typed is in its name, spot, label or one of its items' names. */
export function matchesFilter(tab: BoardTab, filter: string): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [tabTitle(tab), tab.spotName, tab.label, ...tab.items.map((i) => i.name)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((w) => text.includes(w));
}

function openedMs(tab: BoardTab): number {
  const at = tab.openedAt ? Date.parse(tab.openedAt) : NaN;
  // A tab whose opening is unknown goes after the ones whose opening is known.
  return Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
}

const byName = (a: BoardTab, b: BoardTab) =>
  tabTitle(a).localeCompare(tabTitle(b), undefined, { numeric: true, sensitivity: 'base' });

/** The tabs to show, in the order asked; ties keep the board's own order (Array.sort is stable). */
export function orderBoard(tabs: readonly BoardTab[], sort: BoardSort, filter: string): BoardTab[] {
  const shown = tabs.filter((t) => matchesFilter(t, filter));
  switch (sort) {
    case 'opened':
      return shown.sort((a, b) => openedMs(a) - openedMs(b));
    case 'total':
      return shown.sort((a, b) => netTotal(b) - netTotal(a));
    case 'name':
      return shown.sort(byName);
  }
}
