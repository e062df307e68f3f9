// A satellite told where its hub is now: the hub was restored on another computer, or its address
// changed. The address is kept only when something answers there with a certificate, so a typing
// slip changes nothing. What the satellite sends still goes only to the certificate it pinned at
// pairing: an address typed wrong (or on purpose) gets nothing from it, and at worst its screen
// says that the hub's identity changed. That is also why no manager's PIN is asked for it: a kiosk
// cannot check one while its hub is away (managers' hashes never leave the hub).
import { normalizeUrl, readHubCertificate, type SatellitePairing } from '../core/hub/hub-client';
import { AppError } from '../../shared/app-error';
import { errorMessage } from '../../shared/errors';

export async function movedHubPairing(pairing: SatellitePairing, address: string): Promise<SatellitePairing> {
  const url = normalizeUrl(address);
  try {
    await readHubCertificate(url);
  } catch (error) {
    throw new AppError(
      'unreachable',
      `Nothing answers as a hub at ${url} (${errorMessage(error)}); this device keeps ${pairing.url}`,
      {},
    );
  }
  return { ...pairing, url };
}
