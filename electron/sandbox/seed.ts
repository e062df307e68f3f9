// The seeded demo venue. Every id is a fixed string so tests, e2e scripts and docs can name them;
// createSeed() builds fresh objects each call so POST /_sandbox/reset never shares mutated state.
import type {
  Category,
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

export const DEMO_ACCESS_ID = 'sandbox-demo-app';
export const DEMO_ACCESS_SECRET = 'sandbox-demo-secret';

/** A second integration, so "a code belongs to one integration" and per-integration data can be tested. */
export const OTHER_ACCESS_ID = 'sandbox-other-app';
export const OTHER_ACCESS_SECRET = 'sandbox-other-secret';

/** Redirect URLs registered for the demo integration at seed time (exact strings). */
export const DEMO_REDIRECT_URLS = ['http://127.0.0.1:47123/callback', 'http://localhost:47123/callback'];

export const SEED_LOCATIONS = {
  /** Authorised the demo integration; tab_pass_spend_limits ON; holds the tab passes. */
  harbour: '1c000000-0000-4000-8000-000000000001',
  /** Authorised the demo integration; tab_pass_spend_limits OFF. */
  garden: '1c000000-0000-4000-8000-000000000002',
  /** Did NOT authorise the demo integration (403 tests). */
  rooftop: '1c000000-0000-4000-8000-000000000003',
} as const;

export const SEED_USERS = {
  /** Can access all three locations (so sees harbour + garden through the demo integration). */
  alex: '2001',
  /** Can access harbour only. */
  sam: '2002',
  /** Can access rooftop only (so sees nothing through the demo integration). */
  riley: '2003',
} as const;

export const SEED_PASSES = {
  pre: 'PASS-PRE-5000',
  post: 'PASS-POST-5000',
  noLimit: 'PASS-NO-LIMIT',
  /** At garden, where the flag is off: spend_limit/spent must not be returned. */
  garden: 'PASS-GARDEN-2500',
} as const;

export const SEED_ROLES = {
  bartender: '2e000000-0000-4000-8000-000000000001',
  server: '2e000000-0000-4000-8000-000000000002',
  manager: '2e000000-0000-4000-8000-000000000003',
  host: '2e000000-0000-4000-8000-000000000004',
} as const;

export interface SeedData {
  locations: SandboxLocation[];
  users: DemoUser[];
  roles: StaffRole[];
  staff: StaffMember[];
  categories: Category[];
  products: Product[];
  zones: Zone[];
  spots: Spot[];
  passes: TabPass[];
  integrations: Integration[];
}

export interface SeedOptions {
  accessId: string;
  accessSecret: string;
  nowMs: number;
}

const { harbour, garden, rooftop } = SEED_LOCATIONS;

const uuid = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function seedLocations(): SandboxLocation[] {
  return [
    {
      uuid: harbour,
      id: '4101',
      name: 'Harbour Bar & Kitchen',
      timezone: 'America/New_York',
      featureFlags: { tab_pass_spend_limits: true },
    },
    {
      uuid: garden,
      id: '4102',
      name: 'Garden Terrace',
      timezone: 'America/New_York',
      featureFlags: { tab_pass_spend_limits: false },
    },
    {
      uuid: rooftop,
      id: '4103',
      name: 'Rooftop Lounge',
      timezone: 'America/Chicago',
      featureFlags: { tab_pass_spend_limits: true },
    },
  ];
}

function seedUsers(): DemoUser[] {
  return [
    {
      id: SEED_USERS.alex,
      name: 'Alex Manager',
      email: 'alex.manager@example.test',
      locationUuids: [harbour, garden, rooftop],
    },
    { id: SEED_USERS.sam, name: 'Sam Server', email: 'sam.server@example.test', locationUuids: [harbour] },
    { id: SEED_USERS.riley, name: 'Riley Host', email: 'riley.host@example.test', locationUuids: [rooftop] },
  ];
}

function seedStaff(): StaffMember[] {
  const s = (userId: string, name: string, locationUuid: string, role: keyof typeof SEED_ROLES): StaffMember => ({
    userId,
    name,
    locationUuid,
    roleUuid: SEED_ROLES[role],
    role,
  });
  return [
    s(SEED_USERS.alex, 'Alex Manager', harbour, 'manager'),
    s(SEED_USERS.alex, 'Alex Manager', garden, 'manager'),
    s(SEED_USERS.alex, 'Alex Manager', rooftop, 'manager'),
    s(SEED_USERS.sam, 'Sam Server', harbour, 'server'),
    s(SEED_USERS.riley, 'Riley Host', rooftop, 'host'),
    s('2004', 'Jordan Bartender', harbour, 'bartender'),
    s('2005', 'Casey Bartender', garden, 'bartender'),
    // One person with two roles at two locations, so role is per (person, location).
    s('2006', 'Morgan Server', garden, 'server'),
    s('2006', 'Morgan Server', harbour, 'bartender'),
  ];
}

function seedCatalog(): { categories: Category[]; products: Product[] } {
  const categories: Category[] = [];
  const products: Product[] = [];
  const cat = (locationUuid: string, name: string) => {
    const n = categories.length + 1;
    const c: Category = { uuid: uuid('4c', n), id: String(3100 + n), name, locationUuid };
    categories.push(c);
    return c;
  };
  const prod = (
    c: Category,
    name: string,
    priceCents: number,
    tags: string[],
    giftCard: Product['giftCard'] = null,
  ) => {
    const n = products.length + 1;
    products.push({
      uuid: uuid('3d', n),
      id: String(5100 + n),
      name,
      priceCents,
      categoryUuid: c.uuid,
      category: c.name,
      locationUuid: c.locationUuid,
      tags,
      giftCard,
    });
  };

  const cocktails = cat(harbour, 'Cocktails');
  const beer = cat(harbour, 'Beer');
  const food = cat(harbour, 'Food');
  const soft = cat(harbour, 'Soft Drinks');
  const cards = cat(harbour, 'Gift Cards');
  prod(cocktails, 'Negroni', 1400, ['alcohol', 'cocktail']);
  prod(cocktails, 'Margarita', 1300, ['alcohol', 'cocktail']);
  prod(beer, 'Lager Pint', 800, ['alcohol', 'beer']);
  prod(beer, 'IPA Pint', 900, ['alcohol', 'beer']);
  prod(food, 'Fish & Chips', 2200, ['food', 'kitchen']);
  prod(food, 'Fries', 600, ['food', 'kitchen']);
  prod(soft, 'Sparkling Water', 400, ['soft']);
  prod(cards, 'Gift Card $25', 2500, ['gift-card'], { giftCardType: 'DIGITAL', gateway: 'INTERNAL' });
  prod(cards, 'Gift Card $50', 5000, ['gift-card'], { giftCardType: 'DIGITAL', gateway: 'INTERNAL' });
  prod(cards, 'Plastic Gift Card $100', 10000, ['gift-card'], { giftCardType: 'PHYSICAL', gateway: 'INTERNAL' });
  prod(cards, 'Partner Gift Card $25', 2500, ['gift-card'], { giftCardType: 'PARTNER', gateway: 'GATEWAY_A' });

  const drinks = cat(garden, 'Drinks');
  const snacks = cat(garden, 'Snacks');
  const gardenCards = cat(garden, 'Gift Cards');
  prod(drinks, 'House Wine', 1100, ['alcohol', 'wine']);
  prod(drinks, 'Lemonade', 500, ['soft']);
  prod(snacks, 'Nachos', 1200, ['food']);
  prod(gardenCards, 'Garden Gift Card $30', 3000, ['gift-card'], { giftCardType: 'DIGITAL', gateway: 'INTERNAL' });

  const roofDrinks = cat(rooftop, 'Drinks');
  prod(roofDrinks, 'Spritz', 1500, ['alcohol', 'cocktail']);
  prod(roofDrinks, 'Rooftop Gift Card $40', 4000, ['gift-card'], { giftCardType: 'DIGITAL', gateway: 'INTERNAL' });
  return { categories, products };
}

function seedFloor(): { zones: Zone[]; spots: Spot[] } {
  const zones: Zone[] = [
    { uuid: uuid('6a', 1), id: '6101', name: 'Bar', groupName: 'Inside', tags: ['bar'], locationUuid: harbour },
    { uuid: uuid('6a', 2), id: '6102', name: 'Patio', groupName: 'Outside', tags: ['outdoor'], locationUuid: harbour },
    { uuid: uuid('6a', 3), id: '6103', name: 'Lawn', groupName: 'Outside', tags: ['outdoor'], locationUuid: garden },
    {
      uuid: uuid('6a', 4),
      id: '6104',
      name: 'Deck',
      groupName: 'Roof',
      tags: ['outdoor', 'view'],
      locationUuid: rooftop,
    },
  ];
  const spot = (n: number, name: string, zone: Zone): Spot => ({
    uuid: uuid('5b', n),
    id: String(7100 + n),
    name,
    zoneUuid: zone.uuid,
    locationUuid: zone.locationUuid,
  });
  const spots: Spot[] = [
    spot(1, 'Bar Seat 1', zones[0]),
    spot(2, 'Bar Seat 2', zones[0]),
    spot(3, 'Patio Table 1', zones[1]),
    spot(4, 'Patio Table 2', zones[1]),
    spot(5, 'Lawn Table 1', zones[2]),
    spot(6, 'Lawn Table 2', zones[2]),
    spot(7, 'Deck 1', zones[3]),
  ];
  return { zones, spots };
}

function seedPasses(): TabPass[] {
  return [
    {
      xPassId: SEED_PASSES.pre,
      locationUuid: harbour,
      name: 'Pre-limit pass ($50)',
      spendLimit: { amount: 5000, enforce: 'pre' },
    },
    {
      xPassId: SEED_PASSES.post,
      locationUuid: harbour,
      name: 'Post-limit pass ($50)',
      spendLimit: { amount: 5000, enforce: 'post' },
    },
    { xPassId: SEED_PASSES.noLimit, locationUuid: harbour, name: 'Unlimited pass', spendLimit: null },
    {
      xPassId: SEED_PASSES.garden,
      locationUuid: garden,
      name: 'Garden pass ($25)',
      spendLimit: { amount: 2500, enforce: 'pre' },
    },
  ];
}

function seedIntegrations(opts: SeedOptions): Integration[] {
  return [
    {
      accessId: opts.accessId,
      accessSecret: opts.accessSecret,
      name: 'Venue Companion (demo)',
      redirectUrls: [...DEMO_REDIRECT_URLS],
      authorizedLocationUuids: new Set([harbour, garden]),
      subscribedLocationUuids: new Set(),
      createdAtMs: opts.nowMs,
    },
    {
      accessId: OTHER_ACCESS_ID,
      accessSecret: OTHER_ACCESS_SECRET,
      name: 'Other Partner App',
      redirectUrls: ['https://other-partner.example.test/oauth/callback'],
      authorizedLocationUuids: new Set([harbour, rooftop]),
      subscribedLocationUuids: new Set(),
      createdAtMs: opts.nowMs,
    },
  ];
}

export function createSeed(opts: SeedOptions): SeedData {
  return {
    locations: seedLocations(),
    users: seedUsers(),
    roles: Object.entries(SEED_ROLES).map(([name, roleUuid]) => ({ uuid: roleUuid, name })),
    staff: seedStaff(),
    ...seedCatalog(),
    ...seedFloor(),
    passes: seedPasses(),
    integrations: seedIntegrations(opts),
  };
}
