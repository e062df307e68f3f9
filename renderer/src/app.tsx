import { useAppStore } from './store';
import { api } from './api-context';
import { SCREENS, type Screen } from './store/shell-slice';
import { StatusBar } from './components/status-bar';
import { SatelliteBanner } from './components/satellite-banner';
import { RevokedScreen } from './components/revoked-screen';
import { PairScreen } from './features/hub/pair-screen';
import { SettingsScreen } from './features/settings/settings-screen';
import { KioskScreen } from './features/kiosk/kiosk-screen';
import { KioskShell } from './features/kiosk/kiosk-shell';
import { EventsScreen } from './features/events/events-screen';
import { PassesScreen } from './features/passes/passes-screen';
import { GiftCardsScreen } from './features/gift-cards/gift-cards-screen';
import { TabsScreen } from './features/tabs/tabs-screen';
import { FirstStart } from './features/setup/first-start';
import { useFirstStart } from './features/setup/use-first-start';
import { AreaBoundary } from './components/error-boundary';

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
  const kioskMode = useAppStore((s) => s.labor?.kioskMode === true);
  // Kiosk view is kept by the core (it locks the bridge down too), so a reload or a second window
  // cannot step out of it; only a manager's session leaves it.
  const kioskView = useAppStore((s) => s.labor?.kioskView === true);
  // A kiosk-role satellite is a kiosk whatever the hub's own screen is doing.
  const kioskDevice = useAppStore((s) => s.satellite?.mode === 'satellite' && s.satellite.role === 'kiosk');
  const unpaired = useAppStore((s) => s.satellite?.link === 'unpaired');
  const firstStart = useFirstStart();
  const satellite = useAppStore((s) => s.satellite);
  if (unpaired) return <PairScreen />;
  if (firstStart.show) return <FirstStart onDone={firstStart.done} />;
  if (satellite?.mode === 'satellite' && satellite.link === 'revoked') return <RevokedScreen satellite={satellite} />;
  if (kioskMode || kioskDevice)
    return (
      <>
        <SatelliteBanner />
        <KioskShell />
      </>
    );
  if (kioskView)
    return (
      <KioskShell
        onLeaveKioskView={(token) =>
          api()
            .laborLeaveKioskView(token)
            .then(() => navigate('kiosk'))
        }
      />
    );
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
        <SatelliteBanner />
        <AreaBoundary area="status-bar">
          <StatusBar />
        </AreaBoundary>
        {/* One screen failing leaves the others a click away; each opens anew. */}
        <AreaBoundary area={`screen:${screen}`} key={screen}>
          <ScreenView screen={screen} />
        </AreaBoundary>
      </main>
    </div>
  );
}

function ScreenView({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'settings':
      return <SettingsScreen />;
    case 'kiosk':
      return (
        <KioskScreen
          onKioskView={() =>
            api()
              .laborEnterKioskView()
              .then(() => undefined)
          }
        />
      );
    case 'passes':
      return <PassesScreen />;
    case 'gift-cards':
      return <GiftCardsScreen />;
    case 'tabs':
      return <TabsScreen />;
    case 'events':
      return <EventsScreen />;
  }
}
