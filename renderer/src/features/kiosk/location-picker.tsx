// First run: which venue does this kiosk stand in? Every punch goes to that location. On a
// manager's computer (or the hub) the same choice is asked in its own words: which location's
// timesheets and staff, since its first start promised those and no kiosk stands there.
import type { LocationChoice } from '../../../../shared/labor';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { Problem } from '../../components/problem';
import { useKioskText } from '../i18n/use-kiosk-text';

export function LocationPicker({
  token,
  onDone,
  forManager = false,
}: {
  token: string | null;
  onDone?: () => void;
  forManager?: boolean;
}) {
  const load = useRequest(() => api().laborLocations(), []);
  const choices: LocationChoice[] | null = load.data;
  const save = useAction();
  const { t } = useKioskText();
  // The whole screen at a first start (the page's one heading), a section in the manager's settings.
  const Heading = token === null ? 'h1' : 'h2';

  return (
    <section className="k-setup" aria-label={t(forManager ? 'location.managerLabel' : 'location.label')}>
      <Heading>{t(forManager ? 'location.managerTitle' : 'location.title')}</Heading>
      <p className="k-hint">{t(forManager ? 'location.managerHint' : 'location.hint')}</p>
      {load.loading && <p className="k-hint">{t('location.loading')}</p>}
      {load.error && (
        <div className="k-error-block">
          <Problem text={load.error} detail={load.detail}>
            {t('location.failed')}
          </Problem>
          <button type="button" className="k-small" onClick={load.reload}>
            {t('location.retry')}
          </button>
        </div>
      )}
      <div className="k-name-grid">
        {choices?.map((c) => (
          <button
            key={c.uuid}
            type="button"
            className="k-name"
            disabled={save.busy}
            onClick={() =>
              save.run(async () => {
                await api().laborSetLocation(token, c);
                onDone?.();
              })
            }
          >
            <span className="k-name-main">{c.name}</span>
            <span className="k-name-sub">{c.timezone ?? t('location.computerZone')}</span>
          </button>
        ))}
      </div>
      {choices?.length === 0 && <p className="k-hint">{t('location.none')}</p>}
      {save.error && (
        <p className="k-error" role="alert">
          {save.error}
        </p>
      )}
    </section>
  );
}
