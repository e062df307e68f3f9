// Rows of the event log for a virtualized list: fetched from main a page at a time, only for the
// pages on screen, and re-read when the filter changes or new events are stored.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventFilter, EventSummary } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { errorMessage } from '../../../../shared/errors';

const PAGE = 100;

export interface EventWindow {
  total: number;
  /** The search has not reached the oldest rows: `total` counts the matches found so far. */
  more: boolean;
  row(index: number): EventSummary | undefined;
  /** Tell the window which rows are on screen; it loads their pages. */
  show(first: number, last: number): void;
  error: string | null;
}

export function useEventWindow(filter: EventFilter, version: number): EventWindow {
  const [total, setTotal] = useState(0);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const pages = useRef(new Map<number, { rows: EventSummary[]; gen: number }>());
  const lastFilter = useRef<string | null>(null);
  const visible = useRef<[number, number]>([0, 30]);
  // `generation` counts re-reads (new events or a new filter), `filterGen` only new filters: an
  // answer for an older filter is dropped, an answer that is merely older than the newest events
  // is still newer than what the screen shows, so it is shown while the next read is on its way.
  const generation = useRef(0);
  const filterGen = useRef(0);
  // One read per page at a time. Events are pushed up to 20 times a second under a stream; when a
  // read takes longer than that, overlapping reads would each answer stale and be dropped while new
  // ones piled up, so the list would stand still and the host answer reads nobody would see.
  const inFlight = useRef(new Map<string, number>());
  const wanted = useRef(new Map<string, number>());
  const filterKey = JSON.stringify(filter);
  /** Read `key`'s page again, for generation `gen` at least, once the read on its way is done. */
  const want = (key: string, gen: number) => wanted.current.set(key, Math.max(gen, wanted.current.get(key) ?? gen));

  const load = useCallback(
    async (page: number, gen: number) => {
      const fgen = filterGen.current;
      const key = `${fgen}:${page}`;
      const running = inFlight.current.get(key);
      if (running !== undefined) {
        // Asked again for what is already being read (a redraw): nothing more to do.
        if (gen > running) want(key, gen);
        return;
      }
      inFlight.current.set(key, gen);
      try {
        const result = await api().listEvents(JSON.parse(filterKey) as EventFilter, page * PAGE, PAGE);
        if (fgen !== filterGen.current) return;
        const shown = pages.current.get(page);
        if (shown === undefined || shown.gen <= gen) {
          pages.current.set(page, { rows: result.rows, gen });
          setTotal(result.total);
          setMore(result.more === true);
          setError(null);
          setTick((t) => t + 1);
        }
        // Main answers a long search in slices (so the listener keeps answering): a page that came
        // back short while older rows are still unsearched is asked for again, which goes on.
        if (result.more === true && result.rows.length < PAGE) want(key, gen);
      } catch (e) {
        if (fgen === filterGen.current) setError(errorMessage(e));
      } finally {
        inFlight.current.delete(key);
        const next = wanted.current.get(key);
        wanted.current.delete(key);
        if (next !== undefined && fgen === filterGen.current) {
          setTimeout(() => {
            if (fgen === filterGen.current) void load(page, next);
          }, 0);
        }
      }
    },
    [filterKey],
  );

  const loadVisible = useCallback(
    (gen: number) => {
      const [first, last] = visible.current;
      for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page += 1) void load(page, gen);
    },
    [load],
  );

  // New filter: forget cached pages. New events: keep showing the old rows (no flicker) while the
  // pages on screen are re-read; pages off screen are re-read when scrolled to.
  useEffect(() => {
    generation.current += 1;
    const gen = generation.current;
    if (lastFilter.current !== filterKey) {
      pages.current = new Map();
      lastFilter.current = filterKey;
      filterGen.current += 1;
    }
    loadVisible(gen);
  }, [filterKey, version, loadVisible]);

  return {
    total,
    more,
    error,
    row: (index) => pages.current.get(Math.floor(index / PAGE))?.rows[index % PAGE],
    show: (first, last) => {
      visible.current = [first, last];
      for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page += 1) {
        if (pages.current.get(page)?.gen !== generation.current) void load(page, generation.current);
      }
    },
  };
}
