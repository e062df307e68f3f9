// A device a manager revoked on the venue hub: it can do nothing more, and says so in place of its
// screens (which would otherwise wait for a hub that no longer answers it). Punches it still held
// go to the hub's review queue, where a manager accepts or rejects each.
import type { SatelliteStatus } from '../../../shared/hub';

export function RevokedScreen({ satellite }: { satellite: SatelliteStatus }) {
  const waiting = satellite.waitingPunches;
  return (
    <main className="revoked-screen" data-testid="revoked-screen">
      <h1>This device was revoked</h1>
      <p role="alert">
        A manager revoked {satellite.deviceName ? `“${satellite.deviceName}”` : 'this device'} on the venue hub. It can
        no longer sign anyone in or take punches.
      </p>
      <p>
        {waiting > 0
          ? `${waiting} punch${waiting === 1 ? '' : 'es'} taken here ${waiting === 1 ? 'has' : 'have'} not reached the hub yet. They are handed to the hub as soon as it answers, for a manager to accept or reject.`
          : 'Nothing taken here is left waiting: punches it still held went to the hub, where a manager accepts or rejects them (Manager → Sync).'}
      </p>
      <p>To use this device again, ask a manager to pair it with the hub again.</p>
    </main>
  );
}
