// Owns "which service, with which credentials": the embedded sandbox (default) or a real service.
// It builds the API client for the current settings, rebuilds it when they change, and folds the
// client's token, sign-in and reachability changes into one ConnectionStatus event.
import type {
  ConnectionInput,
  ConnectionStatus,
  ConnectionTest,
  Location,
  LocationsView,
  SignInStatus,
  TokenStatus,
  UserSession,
} from '../../../shared/domain';
import { ServiceClient, type ActAs } from '../api/service-client';
import type { FetchLike } from '../api/http';
import { CALLBACK_PATH } from '../api/loopback-listener';
import { MemorySecretStore, type SecretStore } from '../secrets/secret-store';
import { TypedEmitter } from '../typed-emitter';
import { loadSettings, normaliseBaseUrl, saveSettings, type StoredSettings } from './connection-settings';
import type { EmbeddedSandbox, SandboxLink } from './sandbox-link';
import type { DamageSink } from '../storage/data-health';
import { ACCESS_SECRET_KEY, secretBoundTo, secretNeededAgain, storedSecretFor, storeSecret } from './secret-binding';
import { errorMessage } from '../../../shared/errors';
import { AppError, appError, type ErrorPayload } from '../../../shared/app-error';
import { JobQueue } from '../job-queue';
import { errorPayloadOf } from '../api/app-error-of';
import type { MoneyFamily, MoneyUnit } from '../../../shared/money-units';

export { ACCESS_SECRET_KEY } from './secret-binding';

export interface ConnectionServiceOptions {
  dataDir: string;
  secrets: SecretStore;
  fetch?: FetchLike;
  /** A service URL forced by the shell (host --service-url): overrides the saved mode for this run. */
  serviceUrl?: string;
  /** Credentials that come with serviceUrl (never from Settings). */
  accessId?: string;
  accessSecret?: string;
  /** Sign-in redirect port until the user picks one (the shipped roots: DEFAULT_REDIRECT_PORT). */
  defaultRedirectPort?: number;
  /**
   * The practice venue, started by the composition root (electron/host/create-app.ts) on demand;
   * absent: no "sandbox" mode.
   */
  sandbox?: EmbeddedSandbox;
  /** Opens a URL in the system browser; absent in the headless host (the page opens it). */
  openExternal?: (url: string) => Promise<boolean>;
  log?: (line: string) => void;
  /** Where unreadable files in the data folder are reported (the data-health notices). */
  damage?: DamageSink;
}

export interface ConnectionEventsMap {
  connection: ConnectionStatus;
  locations: LocationsView;
  /** A new API client replaced the old one (settings changed); features re-read through it. */
  client: ServiceClient;
  /** A real service (never the practice venue) accepted the app's credentials: the venue is on it now. */
  serviceAnswered: { baseUrl: string };
}

export type ConnectionTestResult = ConnectionStatus & { test: ConnectionTest };

const NO_TOKEN: TokenStatus = { state: 'none', expiresAt: null, issuedAt: null, message: null };

export class ConnectionService {
  readonly events = new TypedEmitter<ConnectionEventsMap>();
  private settings: StoredSettings;
  private sandbox: SandboxLink | null = null;
  /** Saves and connections run one at a time: overlapping saves must not start two sandboxes,
   *  leak a client or end on the settings of the one that started first. */
  private readonly queue = new JobQueue();
  private client: ServiceClient | null = null;
  private baseUrl = '';
  private accessId = '';
  private hasSecret = false;
  private reachability: ConnectionStatus['reachability'] = 'unknown';
  private message: string | null = null;
  /** The last exchange's failure with its kind (null when the message is a settings problem of ours). */
  private problem: ErrorPayload | null = null;
  private integrationToken: TokenStatus = NO_TOKEN;
  private user: UserSession | null = null;
  private signIn: SignInStatus = { state: 'idle' };
  private locations: LocationsView = { as: 'integration', locations: [], loadedAt: null, error: null };
  /** Set when the settings file was unreadable; shown once in the status. */
  private settingsProblem: string | null;
  /**
   * A real service issued this client a token. Saving a service's address is not leaving the
   * practice venue: an address that never answers (mistyped, offline) must cost the venue nothing,
   * so what goes with the practice venue (its well-known PINs) waits for this.
   */
  private answered = false;
  /** The practice venue's money units, read from it when connecting to it; null on a real service. */
  private practiceMoney: Record<MoneyFamily, MoneyUnit> | null = null;

  constructor(private readonly options: ConnectionServiceOptions) {
    const loaded = loadSettings(options.dataDir, options.defaultRedirectPort, options.damage);
    this.settings = loaded.value;
    this.settingsProblem = loaded.problem?.message ?? null;
    if (this.settingsProblem) options.log?.(this.settingsProblem);
  }

  async start(): Promise<void> {
    await this.queue.run(() => this.connect());
  }

  async stop(): Promise<void> {
    await this.queue.idle();
    this.client?.dispose();
    this.client = null;
    await this.stopSandbox();
  }

  /** The current API client; throws a sentence when there is none. */
  api(): ServiceClient {
    if (!this.client) {
      // No client means the settings stop it (no service chosen, a secret to type again): `message` says which.
      throw appError('conflict', this.message ?? 'The app is not connected to a service; check Settings', {
        what: 'connection',
      });
    }
    return this.client;
  }

  /** A real service has accepted this connection's credentials since it was made (see `answered`). */
  realServiceAnswered(): boolean {
    return this.answered;
  }

  /**
   * The money units of the service connected to when the app knows them without evidence: only
   * its own practice venue's (its reading of the spec). A real service's are null: decided from
   * what it answers, or by a manager.
   */
  knownMoneyUnits(): Record<MoneyFamily, MoneyUnit> | null {
    return this.practiceMoney;
  }

  /** The embedded sandbox while the app is connected to it, else null. */
  sandboxLink(): SandboxLink | null {
    return this.sandbox;
  }

  status(): ConnectionStatus {
    const mode = this.options.serviceUrl ? 'remote' : this.settings.mode;
    return {
      settings: {
        mode,
        baseUrl: this.baseUrl,
        accessId: this.accessId,
        hasSecret: this.hasSecret,
        headerPrefix: this.settings.headerPrefix,
        redirectPort: this.settings.redirectPort,
        redirectUrl: this.settings.redirectPort
          ? `http://127.0.0.1:${this.settings.redirectPort}${CALLBACK_PATH}`
          : null,
      },
      reachability: this.reachability,
      message: this.message ?? this.settingsProblem,
      problem: this.message !== null ? this.problem : null,
      integrationToken: this.integrationToken,
      user: this.user,
      signIn: this.signIn,
    };
  }

  locationsView(): LocationsView {
    return this.locations;
  }

  save(input: ConnectionInput): Promise<ConnectionStatus> {
    return this.queue.run(() => this.saveNow(input));
  }

  private async saveNow(input: ConnectionInput): Promise<ConnectionStatus> {
    const next: StoredSettings = { ...this.settings, mode: input.mode };
    if (input.headerPrefix !== undefined) next.headerPrefix = input.headerPrefix;
    if (input.redirectPort !== undefined) next.redirectPort = input.redirectPort;
    if (input.mode === 'remote') {
      next.remoteBaseUrl = normaliseBaseUrl(input.baseUrl ?? next.remoteBaseUrl);
      next.remoteAccessId = (input.accessId ?? next.remoteAccessId).trim();
      if (!next.remoteAccessId)
        throw appError('invalid', 'The API access id is required to use a real service', { field: 'accessId' });
      // The stored secret goes only to the address it was saved for (secret-binding.ts).
      const secret =
        input.accessSecret ||
        (await storedSecretFor(this.options.secrets, next.remoteBaseUrl, this.settings.remoteBaseUrl));
      if (!secret)
        throw appError(
          'invalid',
          secretNeededAgain(await secretBoundTo(this.options.secrets, this.settings.remoteBaseUrl)),
          { field: 'accessSecret' },
        );
      if (input.accessSecret) await storeSecret(this.options.secrets, input.accessSecret, next.remoteBaseUrl);
    }
    saveSettings(this.options.dataDir, next);
    this.settings = next;
    this.settingsProblem = null;
    await this.connect();
    return this.status();
  }

  /**
   * Without input: asks for an integration token on the saved connection now (the status shows the
   * outcome too). With the form's values: tries them on a throwaway client and saves nothing. Either
   * way the answer is the outcome, a failure with its kind and data: the screen words it.
   */
  async test(input?: ConnectionInput): Promise<ConnectionTestResult> {
    const test = input ? await this.tryValues(input) : await this.trySaved();
    return { ...this.status(), test };
  }

  private async trySaved(): Promise<ConnectionTest> {
    const service = this.settings.mode === 'sandbox' ? 'practice-venue' : 'remote';
    try {
      await this.api().checkCredentials();
      return { ok: true, service, baseUrl: this.baseUrl, credentials: 'saved' };
    } catch (error) {
      return { ok: false, service, baseUrl: this.baseUrl || null, problem: errorPayloadOf(error) };
    }
  }

  private async tryValues(input: ConnectionInput): Promise<ConnectionTest> {
    const service = input.mode === 'sandbox' ? 'practice-venue' : 'remote';
    const typed = (input.baseUrl ?? '').trim() || null;
    const refused = (error: unknown): ConnectionTest => ({
      ok: false,
      service,
      baseUrl: typed,
      problem: errorPayloadOf(error),
    });
    let target: { baseUrl: string; accessId: string; accessSecret: string };
    try {
      if (input.mode === 'sandbox') {
        // Not running yet: its demo credentials need no test, Save switches to it.
        if (!this.sandbox) return { ok: true, service, baseUrl: null, credentials: 'typed' };
        target = {
          baseUrl: this.sandbox.baseUrl,
          accessId: this.sandbox.accessId,
          accessSecret: this.sandbox.accessSecret,
        };
      } else {
        const baseUrl = normaliseBaseUrl(input.baseUrl ?? '');
        const accessId = (input.accessId ?? '').trim();
        if (!accessId)
          throw appError('invalid', 'Enter the API access id to test the connection.', { field: 'accessId' });
        // An empty secret field means "the stored one", as for Save.
        const accessSecret =
          input.accessSecret || (await storedSecretFor(this.options.secrets, baseUrl, this.settings.remoteBaseUrl));
        if (!accessSecret) {
          const boundTo = await secretBoundTo(this.options.secrets, this.settings.remoteBaseUrl);
          throw appError(
            'invalid',
            boundTo ? secretNeededAgain(boundTo) : 'Enter the API access secret to test the connection.',
            { field: 'accessSecret' },
          );
        }
        target = { baseUrl, accessId, accessSecret };
      }
    } catch (error) {
      return refused(error);
    }
    const client = new ServiceClient({ ...target, secrets: new MemorySecretStore(), fetch: this.options.fetch });
    try {
      await client.checkCredentials();
      return { ok: true, service, baseUrl: target.baseUrl, credentials: 'typed' };
    } catch (error) {
      return { ...refused(error), baseUrl: target.baseUrl };
    } finally {
      client.dispose();
    }
  }

  /** Back to the seeded practice venue; the app reconnects to it (endpoint, roster seed). */
  async resetPracticeVenue(): Promise<ConnectionStatus> {
    return this.queue.run(async () => {
      if (!this.sandbox)
        throw appError('conflict', 'The practice venue is not in use: choose the embedded sandbox in Settings first', {
          what: 'practice venue',
        });
      await this.sandbox.reset();
      await this.connect();
      return this.status();
    });
  }

  async startSignIn(): Promise<{ authorizeUrl: string; openedExternally: boolean }> {
    const client = this.api();
    client.user.cancel();
    const openUrl = this.options.openExternal
      ? async (url: string) => {
          // Caught by the sign-in flow, which then shows the address to open by hand.
          if (!(await this.options.openExternal!(url))) throw new Error('not opened');
        }
      : undefined;
    const started = await client.user.start({ openUrl, redirectPort: this.settings.redirectPort });
    // The outcome arrives through the client's signIn/userSession events; nothing to await here.
    started.result.catch(() => {});
    return { authorizeUrl: started.authorizeUrl, openedExternally: started.openedExternally };
  }

  cancelSignIn(): ConnectionStatus {
    this.client?.user.cancel();
    return this.status();
  }

  async signOut(): Promise<ConnectionStatus> {
    await this.client?.user.signOut();
    return this.status();
  }

  async listLocations(as: ActAs): Promise<LocationsView> {
    try {
      const api = this.api();
      const list: Location[] = await api.listLocations(as);
      // A list the reader knows it could not read to its end is said so on screen.
      const read = api.locationsCompleteness(as);
      this.setLocations({
        as,
        locations: list,
        loadedAt: Date.now(),
        error: null,
        ...(read && { complete: read.complete, incompleteHow: read.complete ? null : read.how }),
      });
    } catch (error) {
      this.setLocations({
        as,
        locations: this.locations.as === as ? this.locations.locations : [],
        loadedAt: this.locations.loadedAt,
        error: errorPayloadOf(error),
      });
    }
    return this.locations;
  }

  /**
   * The service checks that the token's user may reach every location (spec: POST /loc/subscribe),
   * so a signed-in user's token is used whatever list is on screen.
   */
  async subscribe(uuids: string[], as: ActAs): Promise<LocationsView> {
    const actor: ActAs = this.user && !this.user.needsSignIn ? 'user' : as;
    await this.api().subscribeLocations(uuids, actor);
    return this.listLocations(as);
  }

  private async connect(): Promise<void> {
    this.client?.dispose();
    this.client = null;
    this.reachability = 'unknown';
    this.message = null;
    this.problem = null;
    this.integrationToken = NO_TOKEN;
    this.answered = false;
    this.practiceMoney = null;
    this.user = null;
    this.signIn = { state: 'idle' };
    this.setLocations({ as: 'integration', locations: [], loadedAt: null, error: null });

    let target: Awaited<ReturnType<ConnectionService['resolveTarget']>>;
    try {
      target = await this.resolveTarget();
    } catch (error) {
      // The settings are saved already: the status must name them and say what failed, never
      // keep showing the service the app has just left as reachable.
      if (this.settings.mode === 'remote' && !this.options.serviceUrl) this.baseUrl = this.settings.remoteBaseUrl;
      this.reachability = 'error';
      this.message = `Could not connect: ${errorMessage(error)}`;
      this.emitStatus();
      throw error;
    }
    if (!target) {
      this.emitStatus();
      return;
    }
    this.baseUrl = target.baseUrl;
    this.accessId = target.accessId;
    const client = new ServiceClient({
      baseUrl: target.baseUrl,
      accessId: target.accessId,
      accessSecret: target.accessSecret,
      secrets: this.options.secrets,
      fetch: this.options.fetch,
      redirectPort: this.settings.redirectPort,
      beforeAuthorize: target.sandbox ? (url) => this.registerSandboxRedirect(target.sandbox!, url) : undefined,
    });
    client.on('integrationToken', (status) => {
      const first = status.state === 'valid' && !target.sandbox && !this.answered;
      if (first) this.answered = true;
      this.update(() => (this.integrationToken = status));
      if (first) this.events.emit('serviceAnswered', { baseUrl: target.baseUrl });
    });
    client.on('userSession', (session) => this.update(() => (this.user = session)));
    client.on('signIn', (status) => this.update(() => (this.signIn = status)));
    client.on('reachability', (r) =>
      this.update(() => {
        this.reachability = r.state;
        this.message = r.message;
        this.problem = r.problem ?? null;
      }),
    );
    this.client = client;
    this.events.emit('client', client);
    this.emitStatus();
    await client.user
      .restore()
      .catch((error) => this.options.log?.(`Could not restore the user session: ${errorMessage(error)}`));
    // Check the credentials in the background: a slow or absent service must not hold up start-up.
    void client.checkCredentials().catch(() => {});
  }

  private async resolveTarget(): Promise<{
    baseUrl: string;
    accessId: string;
    accessSecret: string;
    sandbox: SandboxLink | null;
  } | null> {
    const { options, settings } = this;
    if (options.serviceUrl) {
      await this.stopSandbox();
      // The secret comes with the forced URL (VENUE_ACCESS_SECRET or the demo one), never from Settings.
      this.hasSecret = true;
      if (!options.accessId || !options.accessSecret) {
        this.reachability = 'error';
        this.message =
          'A forced service URL needs its API access id and secret (VENUE_ACCESS_ID and VENUE_ACCESS_SECRET)';
        return null;
      }
      return {
        baseUrl: normaliseBaseUrl(options.serviceUrl),
        accessId: options.accessId,
        accessSecret: options.accessSecret,
        sandbox: null,
      };
    }
    if (settings.mode === 'sandbox') {
      if (!options.sandbox) {
        this.reachability = 'error';
        this.message = 'This build has no practice venue; choose a real service in Settings';
        return null;
      }
      // The practice venue speaks with the prefix the user set, like the real service would.
      this.sandbox = await options.sandbox.open({ headerPrefix: settings.headerPrefix });
      this.practiceMoney = await this.sandbox.moneyUnits().catch((error: unknown) => {
        // Not decided then, as on a real service: evidence or a manager decides them.
        options.log?.(`Could not read the practice venue's money units: ${errorMessage(error)}`);
        return null;
      });
      this.hasSecret = true;
      return {
        baseUrl: this.sandbox.baseUrl,
        accessId: this.sandbox.accessId,
        accessSecret: this.sandbox.accessSecret,
        sandbox: this.sandbox,
      };
    }
    await this.stopSandbox();
    const stored = await options.secrets.get(ACCESS_SECRET_KEY);
    // Only the secret saved for this address: settings.json edited to point elsewhere gets none.
    const secret = settings.remoteBaseUrl
      ? await storedSecretFor(options.secrets, settings.remoteBaseUrl, settings.remoteBaseUrl)
      : null;
    this.hasSecret = secret !== null;
    this.baseUrl = settings.remoteBaseUrl;
    this.accessId = settings.remoteAccessId;
    if (!settings.remoteBaseUrl || !settings.remoteAccessId || !secret) {
      this.reachability = 'error';
      this.message = secret
        ? 'Enter the service base URL and API access id in Settings'
        : stored
          ? secretNeededAgain(await secretBoundTo(options.secrets, settings.remoteBaseUrl))
          : 'The API access secret is not stored on this computer (it may have been kept in memory only); enter it in Settings';
      return null;
    }
    return { baseUrl: settings.remoteBaseUrl, accessId: settings.remoteAccessId, accessSecret: secret, sandbox: null };
  }

  private async stopSandbox(): Promise<void> {
    this.sandbox = null;
    await this.options.sandbox?.close();
  }

  /** The sandbox wants every redirect URL registered, like the real dashboard; we do it for the user. */
  private async registerSandboxRedirect(link: SandboxLink, redirectUrl: string): Promise<void> {
    try {
      await link.registerRedirect(redirectUrl);
    } catch (error) {
      throw new AppError(
        'local-failure',
        `The sandbox refused to register the sign-in redirect: ${errorMessage(error)}`,
        { code: null },
        { cause: error },
      );
    }
  }

  private update(change: () => void): void {
    change();
    this.emitStatus();
  }

  private emitStatus(): void {
    this.events.emit('connection', this.status());
  }

  private setLocations(view: LocationsView): void {
    this.locations = view;
    this.events.emit('locations', view);
  }
}
