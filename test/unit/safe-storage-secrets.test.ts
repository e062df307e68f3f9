// Electron's secret store, against a stub safeStorage: a secrets.json it cannot decrypt (another
// user's keychain, a locked keyring, damage) is kept aside byte for byte before anything replaces it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tempDirs } from '../support';

vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (value: string) => Buffer.from(`enc:${value}`),
    decryptString: (buffer: Buffer) => {
      const text = buffer.toString();
      if (!text.startsWith('enc:'))
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return text.slice(4);
    },
  },
}));

const dirs = tempDirs('venue-safe-');
afterAll(() => dirs.removeAll());

describe('SafeStorageSecretStore', () => {
  it('keeps an undecryptable secrets.json aside, says so in the log, and starts without the secrets', async () => {
    const { SafeStorageSecretStore } = await import('../../electron/main/safe-storage-secrets');
    const dir = dirs.make();
    const original = JSON.stringify({
      'connection.accessSecret': Buffer.from('from-another-keychain').toString('base64'),
    });
    writeFileSync(join(dir, 'secrets.json'), original);
    const lines: string[] = [];
    const store = new SafeStorageSecretStore(dir, (line) => lines.push(line));
    expect(await store.get('connection.accessSecret')).toBeNull();
    const kept = readdirSync(dir).filter((n) => n.startsWith('secrets.json.damaged-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dir, kept[0]), 'utf8')).toBe(original);
    expect(lines.join('\n')).toMatch(/secrets\.json could not be read .*kept as .*secrets\.json\.damaged-/);
    expect(lines.join('\n')).not.toContain('from-another-keychain');
    // A new secret replaces the file; the kept copy stays.
    await store.set('connection.accessSecret', 'new');
    expect(readdirSync(dir).filter((n) => n.startsWith('secrets.json.damaged-'))).toHaveLength(1);
  });

  it('tells managers through data health, and the notice outlives the store that found it', async () => {
    const { SafeStorageSecretStore } = await import('../../electron/main/safe-storage-secrets');
    const { DataHealth } = await import('../../electron/core/storage/data-health');
    const dir = dirs.make();
    writeFileSync(join(dir, 'secrets.json'), '{"connection.accessSecret": "bm90LWVuY3J5cHRlZA=="}');
    const early = new DataHealth(dir);
    new SafeStorageSecretStore(dir, () => {}, early.sink);
    // The core's own data health starts later from the same folder, as in the Electron shell.
    const notices = new DataHealth(dir).view().notices;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ severity: 'warning', file: 'secrets.json', count: null });
    expect(notices[0].keptAs).toMatch(/^secrets\.json\.damaged-/);
    expect(notices[0].sentence).toMatch(/sign in again/);
  });
});
