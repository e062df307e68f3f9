import { Counters } from './counters';
import { EventDetailPane } from './event-detail';
import { EventList } from './event-list';
import { FilterBar } from './filter-bar';
import { ListenerCard } from './listener-card';
import { SandboxPanel } from './sandbox-panel';

// The live list comes first: it is what a manager opens this screen for. Set-up (listener URL,
// secret, tunnel) and the sandbox's test panel sit below it.
export function EventsScreen() {
  return (
    <section className="screen events-screen">
      <h1>Events</h1>
      <Counters />
      <FilterBar />
      <div className="events-main">
        <EventList />
        <EventDetailPane />
      </div>
      <div className="events-setup">
        <ListenerCard />
        <SandboxPanel />
      </div>
    </section>
  );
}
