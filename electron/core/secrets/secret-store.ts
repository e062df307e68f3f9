// Where secrets (the access secret, tokens) live. The core only sees this interface, so the
// Electron shell can back it with safeStorage while tests and the headless host keep it in memory.

export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** One plain sentence for the Settings screen, e.g. 'memory only: secrets are forgotten on exit'. */
  readonly description: string;
}

export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  readonly description = 'memory only: secrets and tokens are forgotten when the app exits';

  async get(name: string): Promise<string | null> {
    return this.values.get(name) ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    this.values.set(name, value);
  }

  async delete(name: string): Promise<void> {
    this.values.delete(name);
  }
}
