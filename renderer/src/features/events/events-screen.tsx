import { Counters } from './counters';
import { EventDetailPane } from './event-detail';
import { EventList } from './event-list';
import { FilterBar } from './filter-bar';
import { ListenerCard } from './listener-card';
import { SandboxPanel } from './sandbox-panel';

export function EventsScreen() {
  return (
    <section className="screen events-screen">
      <h1>Events</h1>
      <Counters />
      <div className="events-top">
        <ListenerCard />
        <SandboxPanel />
      </div>
      <FilterBar />
      <div className="events-main">
        <EventList />
        <EventDetailPane />
      </div>
    </section>
  );
}
