// The office page's state: the filters (venues, a day) and the view the office answered for them.
// A server-sent "changed" from the office reads the view again, at most every 500 ms.
import { create } from 'zustand';
import type { OfficeFilter, OfficeView } from '../../../shared/group';

interface OfficeState {
  filter: OfficeFilter;
  view: OfficeView | null;
  error: string | null;
  setFilter(patch: Partial<OfficeFilter>): void;
}

export const useOffice = create<OfficeState>((set, get) => ({
  filter: { venues: [], day: null },
  view: null,
  error: null,
  setFilter: (patch) => {
    set({ filter: { ...get().filter, ...patch } });
    void load();
  },
}));

export function query(filter: OfficeFilter): string {
  const params = new URLSearchParams();
  if (filter.venues.length > 0) params.set('venues', filter.venues.join(','));
  if (filter.day) params.set('day', filter.day);
  return params.toString();
}

async function load(): Promise<void> {
  try {
    const response = await fetch(`/api/view?${query(useOffice.getState().filter)}`);
    if (!response.ok) throw new Error(await response.text());
    useOffice.setState({ view: (await response.json()) as OfficeView, error: null });
  } catch (error) {
    useOffice.setState({ error: error instanceof Error ? error.message : String(error) });
  }
}

export function watchOffice(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const soon = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void load();
    }, 500);
  };
  const events = new EventSource('/api/changes');
  events.onmessage = soon;
  void load();
}
