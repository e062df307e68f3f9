// SecretStore backed by Electron's safeStorage (the OS keychain's key): values are encrypted before
// they touch the disk. When the OS offers no encryption we keep secrets in memory and say so,
// rather than writing them in plain text.
import { safeStorage } from 'electron';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { saveJsonFile } from '../core/storage/json-file';
import { keepDamagedCopy } from '../core/storage/damaged-copy';
import type { SecretStore } from '../core/secrets/secret-store';
import type { DamageSink } from '../core/storage/data-health';
import { errorMessage } from '../../shared/errors';

export class SafeStorageSecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  readonly description: string;
  private readonly persistent: boolean;

  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = () => {},
    // Managers look at data health, not at the log: a lost secret means a sign-in they must redo.
    private readonly damage: DamageSink = () => {},
  ) {
    this.persistent = keychainEncryption();
    this.description = this.persistent
      ? 'encrypted with the operating system keychain (safeStorage)'
      : 'memory only: this system offers no keychain encryption, so secrets are forgotten on exit';
    if (this.persistent) this.load();
  }

  async get(name: string): Promise<string | null> {
    return this.values.get(name) ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    this.values.set(name, value);
    this.save();
  }

  async delete(name: string): Promise<void> {
    this.values.delete(name);
    this.save();
  }

  private load(): void {
    const path = join(this.dir, 'secrets.json');
    if (!existsSync(path)) return;
    try {
      const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      for (const [name, encrypted] of Object.entries(stored)) {
        this.values.set(name, safeStorage.decryptString(Buffer.from(encrypted, 'base64')));
      }
    } catch (error) {
      // Unreadable secrets (another user's keychain, a locked keyring, a damaged file): start
      // without them (the user is asked to enter the secret or sign in again), but keep the file
      // as it was first: the next save replaces it, and the right keychain may still open the copy.
      this.values.clear();
      let keptAs: string | null = null;
      try {
        keptAs = keepDamagedCopy(path, Date.now());
      } catch {
        // Keep going without a copy rather than not start.
      }
      const kept = keptAs === null ? 'it could not be kept' : `it was kept as ${keptAs}`;
      this.log(
        `secrets.json could not be read (${errorMessage(error)}); ${kept}. Enter the secrets again in Settings.`,
      );
      this.damage({
        severity: 'warning',
        path,
        keptAs,
        count: null,
        sentence:
          'The saved secrets and sign-ins could not be read on this computer. Enter the access secret and sign in again in Settings.',
        detail: errorMessage(error),
      });
    }
  }

  private save(): void {
    if (!this.persistent) return;
    const stored: Record<string, string> = {};
    for (const [name, value] of this.values) stored[name] = safeStorage.encryptString(value).toString('base64');
    saveJsonFile(this.dir, 'secrets.json', stored);
  }
}

/**
 * Real OS-keychain encryption only. On Linux without a keyring Electron still reports encryption
 * as available but falls back to 'basic_text', a key hard-coded in Chromium: that is plain text in
 * disguise, so those secrets stay in memory like on a system with no encryption at all.
 */
function keychainEncryption(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}
