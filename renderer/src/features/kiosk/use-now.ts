// Clocks that re-render their user: every `ms` (timers on the board, the header clock), or often
// until a moment has passed (a countdown that has to reach its end on screen).
import { useEffect, useState } from 'react';

export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** The time now, re-rendered four times a second until `until`, then no more. */
export function useTickUntil(until: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null || until <= Date.now()) return;
    const id = setInterval(() => {
      setTick((t) => t + 1);
      if (Date.now() >= until) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  // eslint-disable-next-line react-hooks/purity -- a clock: each render must read the time (a stored one is stale when `until` changes)
  return Date.now();
}
