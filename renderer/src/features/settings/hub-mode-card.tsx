// "This device is the venue hub": the Electron app's way to become the hub the other devices pair
// with (a box runs `npm run host -- --hub`). Kept by the core and applied at the next start.
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { api } from '../../api-context';
import { ActionProblem, StaffProblem } from '../../components/staff-problem';

export function HubModeCard() {
  const mode = useRequest(() => api().hubMode(), []);
  const save = useAction();
  const view = mode.data;
  const toggle = (on: boolean) => void save.run(async () => mode.set(await api().hubSetMode(on)));
  return (
    <section className="card" aria-label="Venue hub">
      <h2>Venue hub</h2>
      <p className="hint">
        The hub holds the venue's connection, webhooks, staff list and punch queue. The kiosk by the staff door, the bar
        and the manager's laptop pair with it in the manager area's Devices tab. Choose one device per venue, one that
        stays on.
      </p>
      <label className="check-row">
        <input
          type="checkbox"
          checked={view?.startsAsHub ?? false}
          disabled={!view || save.busy}
          onChange={(e) => toggle(e.target.checked)}
        />
        This device is the venue hub
      </label>
      {view?.restartNeeded && (
        <p className="warning" role="status" data-testid="hub-mode-restart">
          {view.startsAsHub
            ? 'Restart the app to start it as the hub.'
            : 'Restart the app to stop being the hub; paired devices will lose it until another hub is set up.'}
        </p>
      )}
      {view && !view.restartNeeded && view.running && (
        <p className="good-text" role="status">
          This device is running as the venue hub.
        </p>
      )}
      <StaffProblem message={mode.error} />
      <ActionProblem action={save} />
    </section>
  );
}
