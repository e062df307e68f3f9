// On a satellite: what its link to the venue hub is doing, said where everyone sees it. Revoked
// is said plainly (the device is cut off for good); a lost hub is said with what still works.
import { useAppStore } from '../store';
import { HubMovedForm } from './hub-moved-form';

export function SatelliteBanner() {
  const satellite = useAppStore((s) => s.satellite);
  if (!satellite || satellite.mode !== 'satellite') return null;
  const waiting =
    satellite.waitingPunches > 0
      ? ` ${satellite.waitingPunches} punch${satellite.waitingPunches === 1 ? '' : 'es'} waiting for the hub.`
      : '';
  if (satellite.link === 'connected' && !waiting) return null;
  const revoked = satellite.link === 'revoked' || satellite.link === 'identity-changed';
  return (
    <div
      className={revoked ? 'satellite-banner satellite-banner-bad' : 'satellite-banner'}
      role={revoked ? 'alert' : 'status'}
      data-testid="satellite-banner"
    >
      {satellite.link === 'connected' ? '' : (satellite.message ?? 'The venue hub cannot be reached right now.')}
      {waiting}
      {(satellite.link === 'connecting' || satellite.link === 'identity-changed') && <HubMovedForm />}
    </div>
  );
}
