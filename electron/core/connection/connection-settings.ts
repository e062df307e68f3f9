// The connection settings file (no secrets: those live in the SecretStore).
import { AppError } from '../../../shared/app-error';
import { z } from 'zod';
import { headerPrefixSchema, redirectPortSchema } from '../../../shared/schemas/settings/connection';
import { loadJsonFile, saveJsonFile, type JsonFileLoad } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import { isLoopbackHost } from '../../../shared/loopback';

export const storedSettingsSchema = z.object({
  version: z.literal(1),
  mode: z.enum(['sandbox', 'remote']),
  remoteBaseUrl: z.string(),
  remoteAccessId: z.string(),
  headerPrefix: headerPrefixSchema,
  redirectPort: redirectPortSchema,
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

const FILE = 'settings.json';

/**
 * The sign-in redirect port the shipped app starts with. A real service wants the redirect URL
 * registered exactly on its dashboard, so it must not change from one sign-in to the next.
 * (Tests leave it at 0: any free port.)
 */
export const DEFAULT_REDIRECT_PORT = 47_613;

export const defaultSettings = (redirectPort = 0): StoredSettings => ({
  version: 1,
  mode: 'sandbox',
  remoteBaseUrl: '',
  remoteAccessId: '',
  headerPrefix: 'Service',
  redirectPort,
});

export function loadSettings(dir: string, defaultRedirectPort = 0, damage?: DamageSink): JsonFileLoad<StoredSettings> {
  return loadJsonFile(dir, FILE, storedSettingsSchema, () => defaultSettings(defaultRedirectPort), {
    damage,
    label: 'The connection settings',
    consequence: 'the app is back on the practice venue until the service is set again',
  });
}

export function saveSettings(dir: string, settings: StoredSettings): void {
  saveJsonFile(dir, FILE, settings);
}

/** Checks a base URL typed by a person; what is wrong is an `invalid` naming `field`, said in words. */
export function normaliseBaseUrl(input: string, field = 'baseUrl'): string {
  const refuse = (message: string) => new AppError('invalid', message, { field });
  const trimmed = input.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw refuse(`"${input}" is not a web address; it should look like https://service.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse('The base URL must start with https:// (or http:// for a local sandbox)');
  // The access secret and tokens travel to this address: unencrypted only to this computer itself.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw refuse(
      `A service on another computer must use an address starting with https://, so the access secret never travels unencrypted (for example https://${url.host}${url.pathname === '/' ? '' : url.pathname}).`,
    );
  }
  if (url.search || url.hash) throw refuse('The base URL must not carry a query or fragment');
  return trimmed;
}
