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
  const generation = useRef(0);
  const inFlight = useRef(new Set<string>());
  const filterKey = JSON.stringify(filter);

  const load = useCallback(
    async (page: number, gen: number) => {
      const key = `${page}:${gen}`;
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      try {
        const result = await api().listEvents(JSON.parse(filterKey) as EventFilter, page * PAGE, PAGE);
        if (gen !== generation.current) return;
        pages.current.set(page, { rows: result.rows, gen });
        setTotal(result.total);
        setMore(result.more === true);
        setError(null);
        setTick((t) => t + 1);
        // Main answers a long search in slices (so the listener keeps answering): a page that came
        // back short while older rows are still unsearched is asked for again, which goes on.
        if (result.more === true && result.rows.length < PAGE) {
          inFlight.current.delete(key);
          setTimeout(() => {
            if (gen === generation.current) void load(page, gen);
          }, 0);
        }
      } catch (e) {
        if (gen === generation.current) setError(errorMessage(e));
      } finally {
        inFlight.current.delete(key);
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
