// A fetch for the core that holds the service's answer to chosen requests until the test lets it
// through: the request has reached the service (and was done there), the app has not heard yet.
// The moment a link may be cut "after the hub sent it", without any timing.
import type { FetchLike } from '../../electron/core/api/http';

export interface GatedFetch {
  fetch: FetchLike;
  /** Requests held so far. */
  held(): number;
  /** Resolves once `n` matching requests have been answered by the service and are held. */
  reached(n?: number): Promise<void>;
  /** Lets every held answer (and every later one) through. */
  release(): void;
  /** Holds the next matching answers again. */
  close(): void;
}

export function gatedFetch(match: (url: URL, init: RequestInit) => boolean): GatedFetch {
  let open = false;
  let held = 0;
  let waiting: (() => void)[] = [];
  const watchers: { n: number; done: () => void }[] = [];
  const fetchLike: FetchLike = async (input, init) => {
    const answer = await fetch(input, init);
    if (open || !match(new URL(input), init)) return answer;
    held++;
    for (const w of watchers.filter((w) => held >= w.n)) w.done();
    await new Promise<void>((go) => waiting.push(go));
    return answer;
  };
  return {
    fetch: fetchLike,
    held: () => held,
    reached: (n = 1) => new Promise<void>((done) => (held >= n ? done() : watchers.push({ n, done }))),
    release: () => {
      open = true;
      const go = waiting;
      waiting = [];
      go.forEach((g) => g());
    },
    close: () => (open = false),
  };
}
