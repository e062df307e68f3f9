// The core's only view of the embedded sandbox. The core never imports the sandbox (the boundary
// lint says so): a composition root (electron/host, electron/main) starts it and hands the core an
// EmbeddedSandbox, whose SandboxLink speaks to it over HTTP like to any remote service. Without
// one (a build that ships no sandbox), "sandbox" mode says so in words.
import type { SandboxDelivery } from '../../../shared/webhooks';
import type { DemoStaff } from '../labor/roster';
import type { MoneyFamily, MoneyUnit } from '../../../shared/money-units';

export interface SandboxEndpointInput {
  accessId: string;
  url: string;
  eventTypes: readonly string[];
  secret: string | null;
  customHeaders: Record<string, string>;
}

export interface SandboxTrigger {
  type: string;
  locationUuid?: string;
  forge?: boolean;
  data?: Record<string, unknown>;
}

/** A delivery as the sandbox panel shows it, with the endpoint it went to. */
export type SandboxDeliveryRow = SandboxDelivery & { endpointId: string };

export interface SandboxLink {
  /** e.g. http://127.0.0.1:4010, no trailing slash. */
  readonly baseUrl: string;
  /** The demo integration's credentials. */
  readonly accessId: string;
  readonly accessSecret: string;
  /** The practice venue's staff, to seed the kiosk roster with demo PINs. */
  demoStaff(): Promise<DemoStaff[]>;
  /**
   * The unit of each money family as the practice venue's reading of the spec has it: the app's
   * own service, so these are known, not guessed from evidence.
   */
  moneyUnits(): Promise<Record<MoneyFamily, MoneyUnit>>;
  /** The X-<prefix>-… header prefix the user set in Settings. */
  setHeaderPrefix(prefix: string): Promise<void>;
  /** The sandbox, like the real dashboard, wants every sign-in redirect URL registered first. */
  registerRedirect(url: string): Promise<void>;
  registerEndpoint(input: SandboxEndpointInput): Promise<{ id: string }>;
  removeEndpoint(id: string): Promise<void>;
  deliveries(): Promise<SandboxDeliveryRow[]>;
  flush(): Promise<{ flushed: number }>;
  /** Raises one event; how many endpoints it was sent to, or that it was throttled. */
  trigger(input: SandboxTrigger): Promise<{ throttled: boolean; sentTo: number }>;
  /** Back to the seeded practice venue (keeps nothing but the sign-in tokens). */
  reset(): Promise<void>;
}

/** Started and stopped by the connection as the user switches between sandbox and a real service. */
export interface EmbeddedSandbox {
  /** Starts the sandbox (or returns the running one). */
  open(options: { headerPrefix: string }): Promise<SandboxLink>;
  close(): Promise<void>;
}
