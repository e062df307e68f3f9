// A read for a screen: runs when its key changes, drops answers that arrive after a newer read
// started or after the screen went away, and words its error like useAction does.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { staffWords } from '../../../shared/errors';
import { useVenueZone } from './use-venue-zone';

export interface RequestState<T> {
  data: T | null;
  error: string | null;
  detail: string | null;
  loading: boolean;
  reload: () => void;
  /** Take fresh data an action returned (a saved roster, a retried outbox); a read still in flight is dropped. */
  set: (data: T) => void;
}

export function useRequest<T>(read: (() => Promise<T>) | null, deps: readonly unknown[]): RequestState<T> {
  const timezone = useVenueZone();
  const [state, setState] = useState<{ data: T | null; error: string | null; detail: string | null; loading: boolean }>(
    { data: null, error: null, detail: null, loading: read !== null },
  );
  const generation = useRef(0);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  // The read and the zone of the render whose key changed: a new closure on each render is no reason to read again.
  const start = useEffectEvent((isCurrent: () => boolean) => {
    if (!read) return;
    setState((s) => ({ ...s, loading: true }));
    read().then(
      (data) => isCurrent() && setState({ data, error: null, detail: null, loading: false }),
      (e: unknown) => {
        if (!isCurrent()) return;
        const words = staffWords(e, { timezone });
        setState((s) => ({ ...s, error: words.text, detail: words.detail, loading: false }));
      },
    );
  });
  useEffect(
    () => {
      // Dropped when the key changes or the screen goes (cleanup), or when `set` took fresher data.
      let live = true;
      const gen = ++generation.current;
      start(() => live && gen === generation.current);
      return () => {
        live = false;
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps are the read's key, as for useEffect
    [...deps, tick],
  );
  const set = useCallback((data: T) => {
    generation.current++;
    setState({ data, error: null, detail: null, loading: false });
  }, []);
  return { ...state, reload, set };
}
