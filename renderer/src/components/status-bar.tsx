// Always visible above the screens: whether the service answers, whether live updates arrive, and
// what to do when not, in plain words: the floor reads it. The technical detail behind it (tokens,
// the listener's address) is on the Settings screen. On the Kiosk screen it speaks the kiosk's
// language; the other screens are English.
import { useAppStore } from '../store';
import { staffWords } from '../../../shared/errors';
import { zoneNote } from '../../../shared/time';
import { useVenueZone } from '../hooks/use-venue-zone';
import { kioskErrorWords } from '../features/i18n/kiosk-error-words';
import { useKioskTextIn, type KioskText } from '../features/i18n/use-kiosk-text';
import { floorStatus, type LiveState, type ServiceState } from './floor-status';

export function StatusBar() {
  const bridge = useAppStore((s) => s.bridge);
  const connection = useAppStore((s) => s.connection);
  const snapshotError = useAppStore((s) => s.snapshotError);
  const listener = useAppStore((s) => s.listener);
  const language = useAppStore((s) => (s.screen === 'kiosk' ? (s.labor?.settings.kioskLanguage ?? 'en') : 'en'));
  const text = useKioskTextIn(language);
  const { t } = text;
  const timezone = useVenueZone();

  if (bridge !== 'open') {
    return (
      <div className="status-bar bad" role="status" lang={language}>
        {bridge === 'connecting' ? (
          t('status.connectingApp')
        ) : (
          <>
            {t('status.lostApp')} <a href="/sign-in">{t('status.signIn')}</a>.
          </>
        )}
      </div>
    );
  }
  if (snapshotError)
    return (
      <div className="status-bar bad" role="alert">
        {snapshotError}
      </div>
    );
  if (!connection)
    return (
      <div className="status-bar" lang={language}>
        {t('status.loading')}
      </div>
    );
  const status = floorStatus(connection, listener);
  return (
    <div className={`status-bar ${status.tone}`} role="status" data-testid="status-bar" lang={language}>
      {status.practice && <span className="status-target">{t('status.practice')}</span>}
      <span data-testid="service-state" data-state={status.service.kind}>
        {serviceWords(status.service, text)}
      </span>
      {status.signInAgain && (
        <span className="status-warn" data-testid="sign-in-again">
          {t('status.signInAgain')}
        </span>
      )}
      {status.live && <LiveUpdates live={status.live} text={text} timezone={timezone} />}
      <VenueZone text={text} timezone={timezone} />
    </div>
  );
}

function serviceWords(service: ServiceState, { t }: KioskText): string {
  switch (service.kind) {
    case 'unreachable': {
      const problem = service.problem;
      // The failure's own sentence by its kind (in Spanish too); a bare message in English plain words.
      if (problem && typeof problem === 'object') return kioskErrorWords(t, problem, staffWords(problem).text);
      return staffWords(problem ?? '').text;
    }
    case 'no-service':
      return t('status.noService');
    case 'refused':
      return t('status.refused');
    case 'revoked':
      return t('status.revoked');
    case 'signing-in':
      return t('status.signingIn');
    case 'waiting':
      return t('status.waiting');
    case 'connected':
      return t('status.connected');
  }
}

function LiveUpdates({ live, text, timezone }: { live: LiveState; text: KioskText; timezone: string | null }) {
  const { t } = text;
  if (live.kind !== 'on') {
    const words = {
      starting: t('status.liveStarting'),
      off: t('status.liveOff'),
      failed: t('status.liveFailed'),
    }[live.kind];
    return (
      <span className="status-warn" data-testid="listener-summary" data-state={live.kind}>
        {words}
      </span>
    );
  }
  return (
    <span data-testid="listener-summary" data-state="on">
      {live.lastAt !== null ? t('status.liveLast', { time: text.time(live.lastAt, timezone) }) : t('status.liveNone')}
      {/* No count: the listener's tally since it started is not the Tabs notice's "since the last one
          taken", and two numbers on one screen would disagree. */}
      {live.refused > 0 && <strong className="status-warn"> · {t('status.liveRefused')}</strong>}
    </span>
  );
}

/** The venue's zone, only when it differs from this computer's (then every time shown is the venue's). */
function VenueZone({ text: { t }, timezone }: { text: KioskText; timezone: string | null }) {
  const note = zoneNote(timezone);
  if (!note || !timezone) return null;
  return (
    <span data-testid="venue-zone" title={t('status.venueTimeTitle', { zone: timezone })}>
      {t('status.venueTime', { zone: note })}
    </span>
  );
}
