// SandboxWorld: all in-memory state of one sandbox. Routes read and mutate it; tests may inspect it.
// reset() refills the SAME object, because callers (tests, the control API) hold a reference to it.
import { createClock, type SandboxClock } from './clock';
import { FaultRegistry } from './faults';
import { LaborBook } from './labor/labor-book';
import type {
  AuthCodeRecord,
  Category,
  ConsentRecord,
  DemoUser,
  Integration,
  Product,
  SandboxLocation,
  Spot,
  StaffMember,
  StaffRole,
  TabPass,
  Zone,
} from './model';
import { defaultReadings, type SandboxReadings } from './readings';
import { createSeed } from './seed';
import { TabStore } from './tabs/store';
import { TokenStore } from './tokens';
import { WebhookService } from './webhooks/service';

export interface WorldConfig {
  /** Credentials of the seeded demo integration. */
  accessId: string;
  accessSecret: string;
  /** Header-name prefix for X-<prefix>-... headers (webhooks, later). */
  headerPrefix: string;
}

export interface ResetOptions {
  /** Keep issued tokens, refresh tokens and codes (so a running client is not logged out). */
  keepTokens?: boolean;
}

export class SandboxWorld {
  readonly clock: SandboxClock;
  readonly config: WorldConfig;
  readonly faults = new FaultRegistry();
  /** How this sandbox answers the spec's open points; survives reset() (a run picks one reading). */
  readings: SandboxReadings = { ...defaultReadings };

  locations = new Map<string, SandboxLocation>();
  users = new Map<string, DemoUser>();
  roles: StaffRole[] = [];
  staff: StaffMember[] = [];
  categories: Category[] = [];
  products: Product[] = [];
  zones: Zone[] = [];
  spots: Spot[] = [];
  passes = new Map<string, TabPass>();
  integrations = new Map<string, Integration>();
  tokens = new TokenStore();
  codes = new Map<string, AuthCodeRecord>();
  consents = new Map<string, ConsentRecord>();
  /** Labor entries (shifts and breaks), every location. */
  labor = new LaborBook();
  /** Tabs, orders, items, payments, refunds and gift cards. */
  readonly tabs = new TabStore();
  /** The webhook sender; other features raise events with world.webhooks.emit(…). */
  readonly webhooks: WebhookService;

  constructor(config: WorldConfig, realNow: () => number = Date.now) {
    this.config = config;
    this.clock = createClock(realNow);
    this.webhooks = new WebhookService(this);
    this.reset();
  }

  /** Stops background work (webhook deliveries and retries); the server calls it on close. */
  dispose(): void {
    this.webhooks.dispose();
    this.tabs.dispose();
  }

  /** Restores the seed and the real clock and clears faults. */
  reset(opts: ResetOptions = {}): void {
    this.clock.resetOffset();
    this.faults.clear();
    this.webhooks.reset();
    const seed = createSeed({ ...this.config, nowMs: this.clock.nowMs() });
    this.locations = new Map(seed.locations.map((l) => [l.uuid, l]));
    this.users = new Map(seed.users.map((u) => [u.id, u]));
    this.roles = seed.roles;
    this.staff = seed.staff;
    this.categories = seed.categories;
    this.products = seed.products;
    this.zones = seed.zones;
    this.spots = seed.spots;
    this.passes = new Map(seed.passes.map((p) => [p.xPassId, p]));
    this.tabs.reset({ passes: seed.passes, spots: seed.spots, nowMs: this.clock.nowMs() });
    // Seed order puts the demo integration first, so if a caller picked the other app's id the demo wins.
    this.integrations = new Map();
    for (const i of seed.integrations) if (!this.integrations.has(i.accessId)) this.integrations.set(i.accessId, i);
    this.consents = new Map();
    this.labor = new LaborBook();
    if (!opts.keepTokens) {
      this.tokens = new TokenStore();
      this.codes = new Map();
    }
  }
}
