import { DamagedHere, SHOWN_FROM } from '../../components/damaged-here';
import { Counters } from './counters';
import { EventDetailPane } from './event-detail';
import { EventList } from './event-list';
import { FilterBar } from './filter-bar';
import { ListenerCard } from './listener-card';
import { SandboxPanel } from './sandbox-panel';
import { SettingsOpenNotice } from '../manager-access/manager-gate';

// The live list comes first: it is what a manager opens this screen for. Set-up (listener URL,
// secret, tunnel) and the sandbox's test panel sit below it.
export function EventsScreen() {
  return (
    <section className="screen events-screen">
      <h1>Events</h1>
      <DamagedHere
        files={SHOWN_FROM.events}
        meaning="Some saved events could not be read: the list and counters below may be missing events."
      />
      <Counters />
      <FilterBar />
      <div className="events-main">
        <EventList />
        <EventDetailPane />
      </div>
      <div className="events-setup">
        <SettingsOpenNotice />
        <ListenerCard />
        <SandboxPanel />
      </div>
    </section>
  );
}
