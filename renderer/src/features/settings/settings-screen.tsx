import type { ErrorPayload } from '../../../../shared/app-error';
import type { ConnectionStatus } from '../../../../shared/domain';
import { useAppStore } from '../../store';
import { ConnectionForm } from './connection-form';
import { SignInCard } from './sign-in-card';
import { LocationsCard } from './locations-card';
import { ServiceCheckCard } from './service-check-card';
import { MoneyUnitsCard } from './money-units-card';
import { HubModeCard } from './hub-mode-card';
import { BackupCard } from '../backup/backup-card';
import { describeToken } from './format';
import { ListenerFacts } from './listener-facts';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { staffWords } from '../../../../shared/errors';
import { DataHealthNotices } from '../../components/data-health-notices';
import { ManagerGate } from '../manager-access/manager-gate';

function connectionProblem(connection: ConnectionStatus): ErrorPayload | string | null {
  if (connection.reachability === 'error') return connection.problem ?? connection.message;
  if (connection.integrationToken.state === 'error') return connection.integrationToken.message;
  return null;
}

/** `inManagerArea`: shown inside the kiosk's manager area, whose manager session it lives on. */
export function SettingsScreen({ inManagerArea = false }: { inManagerArea?: boolean } = {}) {
  const connection = useAppStore((s) => s.connection);
  const locations = useAppStore((s) => s.locations);
  const dataDir = useAppStore((s) => s.dataDir);
  const secretStorage = useAppStore((s) => s.secretStorage);
  const listener = useAppStore((s) => s.listener);
  const timezone = useVenueZone();
  if (!connection)
    return (
      <section className="screen">
        <h1>Settings</h1>
        <p className="empty">Loading settings…</p>
      </section>
    );
  return (
    <section className="screen settings">
      <h1>Settings</h1>
      <ManagerGate signOut={!inManagerArea}>
        <DataHealthNotices />
        <div className="grid">
          <ConnectionForm
            key={`${connection.settings.mode}-${connection.settings.baseUrl}`}
            settings={connection.settings}
            problem={connectionProblem(connection)}
          />
          <section className="card" aria-label="Connection status">
            <h2>Connection status</h2>
            <dl className="facts">
              <dt>Service</dt>
              <dd data-testid="settings-service">{connection.settings.baseUrl || 'not set'}</dd>
              <dt>Reachability</dt>
              <dd data-testid="reachability">
                {connection.reachability === 'error'
                  ? staffWords(connection.problem ?? connection.message).text
                  : connection.reachability}
              </dd>
              <dt>Integration token</dt>
              <dd data-testid="integration-token">{describeToken(connection.integrationToken, timezone)}</dd>
              <dt>User token</dt>
              <dd data-testid="user-token">
                {connection.user
                  ? connection.user.needsSignIn
                    ? 'sign in again'
                    : describeToken(connection.user.token, timezone)
                  : 'not signed in'}
              </dd>
              <ListenerFacts listener={listener} timezone={timezone} />
              <dt>Secrets kept</dt>
              <dd>{secretStorage}</dd>
              <dt>Data folder</dt>
              <dd>
                <code>{dataDir}</code>
              </dd>
            </dl>
          </section>
          <SignInCard connection={connection} />
          <LocationsCard view={locations} connection={connection} />
          <MoneyUnitsCard />
          <HubModeCard />
          <BackupCard />
          <ServiceCheckCard />
        </div>
      </ManagerGate>
    </section>
  );
}
