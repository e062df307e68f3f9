// The sandbox's answers to what the spec leaves open ("not shown"). The real service made its own
// choices; each field here is one open point, and `otherReadings` flips every one of them to its
// other plausible answer, so the whole test suite can run against a service that chose differently.
// docs/service-assumptions.md lists every point, both readings and how the client copes.

export type ShiftIdKind =
  /** time_shift_id on a break is its shift's time_entry_uuid; shifts carry none (our default). */
  | 'uuid'
  /** Every shift has a numeric time_shift_id of its own, and its breaks carry that number. */
  | 'numeric'
  /** Shifts carry no time_shift_id, only a numeric row `id`; breaks carry that number in time_shift_id. */
  | 'numeric-breaks-only';

export interface SandboxReadings {
  /** How a break names its shift in time_shift_id. */
  shiftId: ShiftIdKind;
  /** Spelling of time_punch_type: 'lower' = shift | unpaid_break | paid_break, 'upper' = SHIFT | UNPAID_BREAK | PAID_BREAK. */
  punchTypeCase: 'lower' | 'upper';
  /** Precision the service keeps for punch_in / punch_out. */
  punchPrecision: 'second' | 'minute';
  /**
   * Unit of the open money the client sends in (payments' amount and tip, a line's open price).
   * Spend limits, a refund request's `amount` and gift-card balances are cents by the spec.
   */
  moneySent: MoneyUnitReading;
  /** Unit of the money in REST answers (tab, order, refund and catalog answers). */
  moneyAnswers: MoneyUnitReading;
  /** Unit of the fields the spec types only "number": pass `spent`, `declared_tips` (both ways), event prices and totals. */
  moneyNumbers: MoneyUnitReading;
  /** Rows per page of GET /api/loc and labor lists; 0 = no paging. A larger `limit` is clamped to it. */
  pageSize: number;
  /** 403 for an invalid token: with a machine-readable `error` code, or a bare message. */
  invalidTokenBody: 'coded' | 'bare';
  /** GET /api/loc rows carry subscribed, timezone and featureFlags ('full') or only uuid, id, name ('bare'). */
  locationFields: 'full' | 'bare';
  /** The sandbox's extra read routes (catalog, single tab) exist ('present') or not ('absent'). */
  extraRoutes: 'present' | 'absent';
  /**
   * Body of the spend-limit refusal: 'alert-object' `{error, message, alert: sentence}`,
   * 'alert-title-body' `{alert: {title, body}}`, 'plain-string' the sentence as text/plain,
   * 'other-wording' `{alert: {title, body}}` saying "spending limit".
   */
  spendLimitRefusal: 'alert-object' | 'alert-title-body' | 'plain-string' | 'other-wording';
  /** Field that carries the refresh token in a refresh request. */
  refreshField: 'refresh_token' | 'refreshToken';
  /** Whether a refresh hands back a new refresh token (and retires the old one). */
  refreshRotates: boolean;
  /**
   * Labor times on output: UTC with `Z` ('utc'), the location's wall clock with no offset ('local'),
   * or UTC with no offset ('utc-no-offset'): the same text form as 'local', another meaning.
   */
  timeForm: 'utc' | 'local' | 'utc-no-offset';
  /**
   * How a paged list names its next page: `next_page` (a URL in the body), `links.next` (a URL under
   * `links`), `link-header` (an RFC 8288 `Link: <url>; rel="next"` header), `cursor` (a `next_cursor`
   * token sent back as `cursor`), or `none` (the page is cut silently; `offset` still works).
   */
  pageMarker: PageMarker;
  /** List answers: under a named key (`entries`, `locations`) with counts ('named'), under `data`, or a bare array. */
  wrapping: 'named' | 'data' | 'bare';
  /** user_role on labor entries: the role's name, its uuid or its short code; input takes that form (and the uuid). */
  roleForm: 'name' | 'uuid' | 'code';
  /**
   * How a REST route refuses (400, 404, 405, 409, 422 …; never 401, 403 or 429): with that status
   * ('status'), or 200 with the refusal in the body: `{error, message}` ('ok-error'),
   * `{success: false, error: {code, message}}` ('ok-success-false'), or `{status: 4xx, error,
   * message}` ('ok-status-in-body').
   */
  refusalAnswer: RefusalAnswer;
  /**
   * The webhook signature header: bare hex as the spec shows it ('hex'), labelled `sha256=<hex>`,
   * or two signatures while the service rotates its secret (the retiring one and the current one),
   * comma separated ('rotating-comma') or space separated and labelled ('rotating-space').
   */
  signatureForm: SignatureForm;
  /**
   * Numeric ids of tabs, orders, items, payments, refunds and shifts on the wire (REST and events):
   * numeric strings ('string'), JSON numbers ('number'), or JSON numbers above 2^53
   * ('number-beyond-2^53'), which a client reading them as doubles rounds.
   */
  idForm: IdForm;
  /**
   * Open money in REST answers (tab, order, refund and catalog answers, a pass's `spent`, labor
   * `declared_tips`) and in webhook event data (prices, totals, refund amounts) as JSON numbers
   * ('number'), or as decimal strings ('string': "13.00" in dollars, "1300" in cents, each in its
   * family's unit). Money the spec fixes in cents (spend limits, a card's `balance`) stays a number.
   */
  moneyText: 'number' | 'string';
}

export type IdForm = 'string' | 'number' | 'number-beyond-2^53';

export type SignatureForm = 'hex' | 'sha256-prefix' | 'rotating-comma' | 'rotating-space';

export type RefusalAnswer = 'status' | 'ok-error' | 'ok-success-false' | 'ok-status-in-body';

export type MoneyUnitReading = 'cents' | 'dollars';

/** The three money families, each its own open point. */
export const MONEY_POINTS = ['moneySent', 'moneyAnswers', 'moneyNumbers'] as const;

/**
 * Also other cursor namings: `pagination.next_token` (sent back as `token`), `page_info` (GraphQL
 * style `{has_next_page, end_cursor}`, sent back as `after`), `meta.cursor.next` (sent back as
 * `cursor`), and `has_more` (`has_more: true` and no token: `offset` goes on).
 */
export type PageMarker =
  | 'next_page'
  | 'links.next'
  | 'link-header'
  | 'cursor'
  | 'pagination.next_token'
  | 'page_info'
  | 'meta.cursor.next'
  | 'has_more'
  | 'none';

export const PAGE_MARKERS: readonly PageMarker[] = [
  'next_page',
  'links.next',
  'link-header',
  'cursor',
  'pagination.next_token',
  'page_info',
  'meta.cursor.next',
  'has_more',
  'none',
];

export const defaultReadings: Readonly<SandboxReadings> = Object.freeze({
  shiftId: 'uuid',
  punchTypeCase: 'lower',
  punchPrecision: 'second',
  moneySent: 'cents',
  moneyAnswers: 'cents',
  moneyNumbers: 'cents',
  pageSize: 0,
  invalidTokenBody: 'coded',
  locationFields: 'full',
  extraRoutes: 'present',
  spendLimitRefusal: 'alert-object',
  refreshField: 'refresh_token',
  refreshRotates: false,
  timeForm: 'utc',
  pageMarker: 'next_page',
  wrapping: 'named',
  roleForm: 'name',
  refusalAnswer: 'status',
  signatureForm: 'hex',
  idForm: 'string',
  moneyText: 'number',
});

/** Every open point flipped to its other plausible answer. */
export const otherReadings: Readonly<SandboxReadings> = Object.freeze({
  shiftId: 'numeric',
  punchTypeCase: 'upper',
  punchPrecision: 'minute',
  moneySent: 'dollars',
  moneyAnswers: 'dollars',
  moneyNumbers: 'dollars',
  pageSize: 3,
  invalidTokenBody: 'bare',
  locationFields: 'bare',
  extraRoutes: 'absent',
  spendLimitRefusal: 'other-wording',
  refreshField: 'refreshToken',
  refreshRotates: true,
  // Local times and uuid-only roles need the location's zone and role list, which this reading's
  // bare locations do not give: those two are checked by the readings tests, not this fixed case.
  timeForm: 'utc',
  pageMarker: 'link-header',
  wrapping: 'data',
  roleForm: 'name',
  // The sandbox's own tests check its refusals by status and its signatures as bare hex under both
  // named readings; the other forms are drawn by the readings property tests and served on request.
  refusalAnswer: 'status',
  signatureForm: 'hex',
  idForm: 'string',
  moneyText: 'number',
});

export const READING_NAMES = ['default', 'other'] as const;
export type ReadingName = (typeof READING_NAMES)[number];

export const CHOICES: { [K in keyof SandboxReadings]: readonly SandboxReadings[K][] | 'page-size' | 'boolean' } = {
  shiftId: ['uuid', 'numeric', 'numeric-breaks-only'],
  punchTypeCase: ['lower', 'upper'],
  punchPrecision: ['second', 'minute'],
  moneySent: ['cents', 'dollars'],
  moneyAnswers: ['cents', 'dollars'],
  moneyNumbers: ['cents', 'dollars'],
  pageSize: 'page-size',
  invalidTokenBody: ['coded', 'bare'],
  locationFields: ['full', 'bare'],
  extraRoutes: ['present', 'absent'],
  spendLimitRefusal: ['alert-object', 'alert-title-body', 'plain-string', 'other-wording'],
  refreshField: ['refresh_token', 'refreshToken'],
  refreshRotates: 'boolean',
  timeForm: ['utc', 'local', 'utc-no-offset'],
  pageMarker: PAGE_MARKERS,
  wrapping: ['named', 'data', 'bare'],
  roleForm: ['name', 'uuid', 'code'],
  refusalAnswer: ['status', 'ok-error', 'ok-success-false', 'ok-status-in-body'],
  signatureForm: ['hex', 'sha256-prefix', 'rotating-comma', 'rotating-space'],
  idForm: ['string', 'number', 'number-beyond-2^53'],
  moneyText: ['number', 'string'],
};

export function namedReadings(name: ReadingName): SandboxReadings {
  return { ...(name === 'other' ? otherReadings : defaultReadings) };
}

/**
 * Reads `{reading?: 'default'|'other', ...points}`: a named preset, then single points on top.
 * `moneyUnit` sets all three money families at once. Throws with a sentence naming the bad key or
 * value, for the CLI and the control route.
 */
export function parseReadings(input: unknown, base: SandboxReadings = { ...defaultReadings }): SandboxReadings {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('readings must be a JSON object.');
  const raw = input as Record<string, unknown>;
  let out: SandboxReadings = { ...base };
  if (raw.reading !== undefined) {
    if (!READING_NAMES.includes(raw.reading as ReadingName))
      throw new Error(`reading must be one of ${READING_NAMES.join(', ')}.`);
    out = namedReadings(raw.reading as ReadingName);
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'reading') continue;
    // One unit for every money family at once (a service that reads all its money one way).
    if (key === 'moneyUnit') {
      if (value !== 'cents' && value !== 'dollars') throw new Error('moneyUnit must be one of cents, dollars.');
      for (const point of MONEY_POINTS) out[point] = value;
      continue;
    }
    if (!(key in CHOICES))
      throw new Error(`Unknown reading point '${key}'. Known: ${Object.keys(CHOICES).join(', ')}.`);
    const choice = CHOICES[key as keyof SandboxReadings];
    if (choice === 'page-size') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10_000)
        throw new Error('pageSize must be a whole number from 0 to 10000.');
    } else if (choice === 'boolean') {
      if (typeof value !== 'boolean') throw new Error(`${key} must be true or false.`);
    } else if (!(choice as readonly unknown[]).includes(value)) {
      throw new Error(`${key} must be one of ${choice.join(', ')}.`);
    }
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The readings a run asked for through VENUE_SANDBOX_READING ('default' or 'other'); default when unset. */
export function readingsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxReadings {
  const name = env.VENUE_SANDBOX_READING?.trim();
  if (!name) return namedReadings('default');
  if (!READING_NAMES.includes(name as ReadingName))
    throw new Error(`VENUE_SANDBOX_READING must be one of ${READING_NAMES.join(', ')}, not '${name}'.`);
  return namedReadings(name as ReadingName);
}

/**
 * Every open point with every variant the sandbox can answer: the space the property test draws
 * readings from (test/support/readings-arbitrary.ts). Page sizes are a few that exercise paging.
 */
export const READING_SPACE: { [K in keyof SandboxReadings]: readonly SandboxReadings[K][] } = {
  shiftId: ['uuid', 'numeric', 'numeric-breaks-only'],
  punchTypeCase: ['lower', 'upper'],
  punchPrecision: ['second', 'minute'],
  moneySent: ['cents', 'dollars'],
  moneyAnswers: ['cents', 'dollars'],
  moneyNumbers: ['cents', 'dollars'],
  pageSize: [0, 3, 7, 20],
  invalidTokenBody: ['coded', 'bare'],
  locationFields: ['full', 'bare'],
  extraRoutes: ['present', 'absent'],
  spendLimitRefusal: ['alert-object', 'alert-title-body', 'plain-string', 'other-wording'],
  refreshField: ['refresh_token', 'refreshToken'],
  refreshRotates: [false, true],
  timeForm: ['utc', 'local', 'utc-no-offset'],
  pageMarker: PAGE_MARKERS,
  wrapping: ['named', 'data', 'bare'],
  roleForm: ['name', 'uuid', 'code'],
  refusalAnswer: ['status', 'ok-error', 'ok-success-false', 'ok-status-in-body'],
  signatureForm: ['hex', 'sha256-prefix', 'rotating-comma', 'rotating-space'],
  idForm: ['string', 'number', 'number-beyond-2^53'],
  moneyText: ['number', 'string'],
};
