// The API access secret belongs to the service address it was typed for. It is stored with that
// address, and the stored secret is only ever sent there: a new address (typed in Settings, or
// written into settings.json by someone else) needs the secret typed again, so nobody can make
// the app hand the venue's secret to a server of their choosing by changing one field.
import type { SecretStore } from '../secrets/secret-store';

export const ACCESS_SECRET_KEY = 'connection.accessSecret';
export const ACCESS_SECRET_URL_KEY = 'connection.accessSecretBaseUrl';

export function sameBaseUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href.replace(/\/+$/, '') === new URL(b).href.replace(/\/+$/, '');
  } catch {
    return false;
  }
}

/**
 * The stored secret if it was saved for `baseUrl`, else null. A secret saved before addresses were
 * recorded belongs to the address saved with it then (`legacyUrl`, the settings' current one).
 */
export async function storedSecretFor(
  secrets: SecretStore,
  baseUrl: string,
  legacyUrl: string,
): Promise<string | null> {
  const secret = await secrets.get(ACCESS_SECRET_KEY);
  if (secret === null) return null;
  const boundTo = (await secrets.get(ACCESS_SECRET_URL_KEY)) ?? legacyUrl;
  return boundTo && sameBaseUrl(boundTo, baseUrl) ? secret : null;
}

/** The address the stored secret belongs to, or null when none is stored. */
export async function secretBoundTo(secrets: SecretStore, legacyUrl: string): Promise<string | null> {
  if ((await secrets.get(ACCESS_SECRET_KEY)) === null) return null;
  return (await secrets.get(ACCESS_SECRET_URL_KEY)) ?? (legacyUrl || null);
}

export async function storeSecret(secrets: SecretStore, secret: string, baseUrl: string): Promise<void> {
  await secrets.set(ACCESS_SECRET_KEY, secret);
  await secrets.set(ACCESS_SECRET_URL_KEY, baseUrl);
}

export function secretNeededAgain(boundTo: string | null): string {
  return boundTo
    ? `The service address changed: type the API access secret again. The saved secret is only ever sent to ${boundTo}.`
    : 'The API access secret is required to use a real service';
}
