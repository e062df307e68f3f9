// Tabs (managers): the board built from the service's events at the chosen location, open tabs
// first, sorted and narrowed as asked, with tabs open too long flagged; refunds from any tab; and
// the notices of other events beside it.
import { useEffect, useMemo, useState } from 'react';
import { formatMoney } from '../../../../shared/money';
import type { BoardTab } from '../../../../shared/tabs';
import { useAppStore } from '../../store';
import { DamagedHere, SHOWN_FROM } from '../../components/damaged-here';
import { NoticesPanel } from '../notices/notices-panel';
import { LocationBar, useTabsLocation } from './location-bar';
import { RefundDialog } from './refund-dialog';
import { TabCard, netTotal } from './tab-card';
import { BoardTools, TooLongSetting } from './board-tools';
import { isOpenTooLong, orderBoard, type BoardSort } from '../../../../shared/tabs-board-order';
import { useBoardWatch } from './use-board-watch';
import { RefusedDeliveriesNotice } from '../../components/refused-deliveries-notice';

export function TabsScreen() {
  const location = useTabsLocation();
  const board = useAppStore((s) => s.board);
  useBoardWatch();
  const [show, setShow] = useState<'open' | 'closed'>('open');
  const [refunding, setRefunding] = useState<BoardTab | null>(null);
  const [sort, setSort] = useState<BoardSort>('opened');
  const [filter, setFilter] = useState('');
  const tooLongMinutes = useAppStore((s) => s.tabsSettings?.openTooLongMinutes ?? null);
  const listed = useMemo(() => (board ? (show === 'open' ? board.open : board.closed) : []), [board, show]);
  const tabs = useMemo(() => orderBoard(listed, sort, filter), [listed, sort, filter]);
  const openTotal = (board?.open ?? []).reduce((sum, t) => sum + netTotal(t), 0);
  // "Open 12 min" moves with the clock, once a minute is plenty.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const tooLong = (tab: BoardTab) => tooLongMinutes !== null && isOpenTooLong(tab, now, tooLongMinutes);
  const tooLongCount = tooLongMinutes === null ? 0 : (board?.open ?? []).filter(tooLong).length;
  // The dialog follows the live tab, so a confirmation arriving while it is open shows up in it.
  const live = refunding
    ? ([...(board?.open ?? []), ...(board?.closed ?? [])].find((t) => t.uuid === refunding.uuid) ?? refunding)
    : null;
  return (
    <section className="screen tabs-feature tabs-screen">
      <div className="screen-head">
        <h1>Tabs</h1>
        <LocationBar needsEvents />
        <RefusedDeliveriesNotice audience="floor" />
      </div>
      {!location ? (
        <p className="empty">Choose a location to see its tabs.</p>
      ) : (
        <div className="board-layout">
          <div>
            <DamagedHere
              files={SHOWN_FROM.tabs}
              meaning="Some saved tab events could not be read: tabs and totals here may be incomplete."
            />
            <div className="choice-row" role="tablist" aria-label="Which tabs">
              <button
                role="tab"
                aria-selected={show === 'open'}
                className={show === 'open' ? 'choice on' : 'choice'}
                onClick={() => setShow('open')}
              >
                Open ({board?.open.length ?? 0})
              </button>
              <button
                role="tab"
                aria-selected={show === 'closed'}
                className={show === 'closed' ? 'choice on' : 'choice'}
                onClick={() => setShow('closed')}
              >
                Closed ({board?.closedCount ?? 0})
              </button>
              <span className="open-total" data-testid="open-total">
                Open tabs total <strong>{formatMoney(openTotal)}</strong>
              </span>
            </div>
            <BoardTools
              sort={sort}
              onSort={setSort}
              filter={filter}
              onFilter={setFilter}
              shown={tabs.length}
              of={listed.length}
              tooLongCount={tooLongCount}
              tooLongMinutes={tooLongMinutes}
            />
            {tabs.length === 0 ? (
              <p className="empty">
                {listed.length > 0
                  ? `No ${show} tab matches “${filter.trim()}”.`
                  : show === 'open'
                    ? 'No open tabs reported at this location.'
                    : 'No closed tabs reported yet.'}
              </p>
            ) : (
              <div className="tab-grid">
                {tabs.map((tab) => (
                  <TabCard key={tab.uuid} tab={tab} now={now} tooLong={tooLong(tab)} onRefund={setRefunding} />
                ))}
              </div>
            )}
            {show === 'closed' && board && board.closedCount > board.closed.length && (
              <p className="hint">
                Showing the {board.closed.length} most recently closed of {board.closedCount}.
              </p>
            )}
            {tooLongMinutes !== null && <TooLongSetting minutes={tooLongMinutes} />}
          </div>
          <NoticesPanel />
        </div>
      )}
      {live && <RefundDialog tab={live} onClose={() => setRefunding(null)} />}
    </section>
  );
}
