import { useAppStore } from './store';
import { SCREENS, type Screen } from './store/shell-slice';
import { StatusBar } from './components/status-bar';
import { SettingsScreen } from './features/settings/settings-screen';
import { EmptyScreen } from './components/empty-screen';
import { EventsScreen } from './features/events/events-screen';

const LABELS: Record<Screen, string> = {
  kiosk: 'Kiosk',
  passes: 'Passes',
  'gift-cards': 'Gift cards',
  tabs: 'Tabs',
  events: 'Events',
  settings: 'Settings',
};

export function App() {
  const screen = useAppStore((s) => s.screen);
  const navigate = useAppStore((s) => s.navigate);
  return (
    <div className="app">
      <nav className="nav" aria-label="Screens">
        <div className="brand">Venue Companion</div>
        {SCREENS.map((name) => (
          <button
            key={name}
            className={name === screen ? 'nav-item active' : 'nav-item'}
            aria-current={name === screen ? 'page' : undefined}
            onClick={() => navigate(name)}
          >
            {LABELS[name]}
          </button>
        ))}
      </nav>
      <main className="content">
        <StatusBar />
        <ScreenView screen={screen} />
      </main>
    </div>
  );
}

function ScreenView({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'settings':
      return <SettingsScreen />;
    case 'kiosk':
      return <EmptyScreen title="Kiosk" line="No punches have been captured on this workstation." />;
    case 'passes':
      return <EmptyScreen title="Passes" line="No tab pass has been scanned on this workstation." />;
    case 'gift-cards':
      return <EmptyScreen title="Gift cards" line="No gift cards have been sold on this workstation." />;
    case 'tabs':
      return <EmptyScreen title="Tabs" line="No open tabs have been reported to this workstation." />;
    case 'events':
      return <EventsScreen />;
  }
}
