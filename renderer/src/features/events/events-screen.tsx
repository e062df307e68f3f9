import { Counters } from './counters';
import { EventDetailPane } from './event-detail';
import { EventList } from './event-list';
import { FilterBar } from './filter-bar';
import { ListenerCard } from './listener-card';
import { SandboxPanel } from './sandbox-panel';

// The live list comes first: it is what a manager opens this screen for. Set-up (listener URL,
// secret, tunnel) sits below it.
export function EventsScreen() {
  return (
    <section className="screen events-screen">
      <div className="events-heading">
        <h1>Events</h1>
        <SandboxPanel />
      </div>
      <Counters />
      <FilterBar />
      <div className="events-main">
        <EventList />
        <EventDetailPane />
      </div>
      <ListenerCard />
    </section>
  );
}
