// SandboxWorld: all in-memory state of one sandbox. Routes read and mutate it; tests may inspect it.
// reset() refills the SAME object, because callers (tests, the control API) hold a reference to it.
import { createClock, type SandboxClock } from './clock';
import { FaultRegistry } from './faults';
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
import { createSeed } from './seed';
import { TokenStore } from './tokens';

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

  constructor(config: WorldConfig, realNow: () => number = Date.now) {
    this.config = config;
    this.clock = createClock(realNow);
    this.reset();
  }

  /** Restores the seed and the real clock and clears faults. */
  reset(opts: ResetOptions = {}): void {
    this.clock.resetOffset();
    this.faults.clear();
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
    // Seed order puts the demo integration first, so if a caller picked the other app's id the demo wins.
    this.integrations = new Map();
    for (const i of seed.integrations) if (!this.integrations.has(i.accessId)) this.integrations.set(i.accessId, i);
    this.consents = new Map();
    if (!opts.keepTokens) {
      this.tokens = new TokenStore();
      this.codes = new Map();
    }
  }
}
