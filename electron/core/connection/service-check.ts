// "Check this service" (Settings, and `npm run host -- --check`): read-only probes against the
// configured service that say, point by point, which reading of the spec's open points it shows,
// what the app will assume, and what to register on its dashboard. Only GETs and the token
// request: nothing is written, no refresh token is used up.
import type { ServiceCheckConfirm, ServiceCheckLine, ServiceCheckReport } from '../../../shared/domain';
import {
  FAMILY_LABEL,
  PRACTICE_READING,
  type MoneyFamily,
  type MoneyUnit,
  type MoneyUnitsView,
  wireNumber,
  writesDollars,
} from '../../../shared/money-units';
import type { ServiceClient } from '../api/service-client';
import { errorMessage } from '../../../shared/errors';
import { AppError } from '../../../shared/app-error';
import { locationsResponseSchema } from '../../../shared/schemas/service';
import { lacksOffset } from '../../../shared/time';
import { isServiceError } from '../api/errors';
import { readWholeList, type WholeList } from '../api/next-page';
import { findEntryList, findUuid } from '../labor/entry-normalize';
import { describeShape } from '../labor/labor-api';
import { judgeByDate, meaningOf } from '../labor/time-meaning';
import {
  CANNOT_TELL,
  checkRefusals,
  idBeyondSafe,
  idsFound,
  moneyTextLine,
  signaturesLine,
  type Add,
} from './service-check-probes';

export interface ServiceCheckInput {
  client: ServiceClient;
  baseUrl: string;
  signedIn: boolean;
  redirectUrl: string | null;
  webhookUrl: string | null;
  headerPrefix: string;
  now?: () => number;
  /** The money units the app holds now (decided from evidence, confirmed, or not decided). */
  money?: MoneyUnitsView;
  /** The signature header of the newest deliveries the listener kept, newest first (null: none sent). */
  signatures?: (string | null)[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function checkService(input: ServiceCheckInput): Promise<ServiceCheckReport> {
  const now = input.now ?? Date.now;
  const lines: ServiceCheckLine[] = [];
  const add: Add = (point, saw, assume, ok = true, found, confirm) =>
    lines.push({ point, saw, assume, ok, ...(found !== undefined ? { found } : {}), ...(confirm ? { confirm } : {}) });
  const register = {
    redirectUrl:
      input.redirectUrl ??
      'none yet: set a fixed sign-in redirect port in Settings, then register http://127.0.0.1:<port>/callback',
    webhookUrl:
      input.webhookUrl ??
      'none yet: the webhook listener is not running (or needs a public https address: start the tunnel)',
    headerPrefix: input.headerPrefix,
  };
  const report = (): ServiceCheckReport => ({ service: input.baseUrl, checkedAt: now(), lines, register });

  try {
    await input.client.checkCredentials();
    add('Credentials', 'the service issued an integration token', 'the access id and secret are right');
  } catch (error) {
    add('Credentials', errorMessage(error), 'nothing else can be checked until the access id and secret work', false);
    return report();
  }

  let locations: Record<string, unknown>[] = [];
  let locationUuids: string[] = [];
  let zoneOf = new Map<string, string>();
  try {
    const read = await input.client.readLocationRows('integration');
    locations = read.rows.filter(isRecord);
    const parsed = locationsResponseSchema.safeParse(read.rows);
    locationUuids = parsed.success ? parsed.data.map((l) => l.uuid) : [];
    add(
      'Locations',
      `${locations.length} location${locations.length === 1 ? '' : 's'} over ${read.pages.length} answer${read.pages.length === 1 ? '' : 's'} of GET /api/loc`,
      'the app lists what the service sends',
    );
    add(
      'List shape',
      shapeSaw('GET /api/loc', read),
      'lists are read bare or under any of the usual keys',
      true,
      shapeFound(read),
    );
    const ids = locations.map((l) => l.id);
    const big = idBeyondSafe(ids);
    add(
      'Location ids',
      `uuid: ${kinds(locations.map((l) => l.uuid ?? l.location_uuid ?? l.locationUuid))}; id: ${kinds(ids)}${big ? `, beyond 2^53 (e.g. ${big})` : ''}`,
      'a location is known by its uuid; ids are read as strings whatever their kind, every digit kept (a number beyond 2^53 is never rounded)',
      true,
      idsFound(ids),
    );
    add('Location paging', pagingSaw(read), pagingAssume, true, pagingFound(read));
    const fields = new Set(locations.flatMap((l) => Object.keys(l)));
    const flags = ['subscribed', 'timezone', 'featureFlags', 'feature_flags'].filter((f) => fields.has(f));
    add(
      'Location fields',
      flags.length ? `present: ${flags.join(', ')}` : 'no subscribed, timezone or feature flags',
      flags.includes('subscribed')
        ? 'subscriptions as the service says'
        : 'subscription state unknown until a webhook arrives or you subscribe',
      true,
      flags.length ? 'full' : 'bare',
    );
    zoneOf = new Map(
      locations.flatMap((l) => {
        const uuid = l.uuid ?? l.location_uuid ?? l.locationUuid;
        const zone = l.timezone ?? l.time_zone ?? l.timeZone;
        return typeof uuid === 'string' && typeof zone === 'string' ? [[uuid, zone] as [string, string]] : [];
      }),
    );
    const zones = [...new Set(zoneOf.values())];
    add(
      'Time zone',
      zones.length ? zones.join(', ') : 'not shown',
      zones.length
        ? "venue times in each location's zone"
        : "the kiosk location's zone as chosen in Settings (needed when labor times carry no offset)",
    );
  } catch (error) {
    add('Locations', errorMessage(error), 'the location list cannot be read with these credentials', false);
  }

  const subscribed = locations.find((l) => l.subscribed === true);
  const subscribedUuid = subscribed
    ? String(subscribed.uuid ?? subscribed.location_uuid ?? subscribed.locationUuid)
    : null;
  const locationUuid = subscribedUuid ?? locationUuids[0] ?? null;
  let tips: WireMoney[] = [];
  if (locationUuid) tips = await checkLabor(input.client, locationUuid, zoneOf.get(locationUuid) ?? null, add, now());
  else add('Labor entries', 'no location to read', 'not checked');
  await checkRefusals(input.client, locationUuid, add);
  await checkMoney(input.client, locationUuid, tips, input.money, add);
  signaturesLine(input.signatures, add);

  add(
    'Refresh request',
    input.signedIn ? 'signed in: not probed, a refresh could use up a rotating refresh token' : 'not signed in',
    'the app sends refresh_token, tries refreshToken when that shape is refused, and keeps a rotated refresh token',
  );
  return report();
}

const pagingAssume =
  'the app follows any next-page marker (body link, cursor, Link header) and probes a page that may have been cut before calling a list complete';

async function checkLabor(
  client: ServiceClient,
  locationUuid: string,
  zone: string | null,
  add: Add,
  nowMs: number,
): Promise<WireMoney[]> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const path = `/loc/${encodeURIComponent(locationUuid)}/labor/entries`;
  let read: WholeList;
  let date: string | null = null;
  try {
    read = await readWholeList({
      fetchPage: async (p, q) => {
        const page = await client.requestWithHeaders('integration', 'GET', p, { query: q });
        date = page.headers.get('date') ?? date;
        return page;
      },
      restPathOf: (link) => client.restPathOf(link),
      rowsOf: findEntryList,
      idOf: (row) => findUuid(row),
      unreadable: (body) =>
        new AppError('cannot-read', `GET /api${path} did not answer with a list of entries (${describeShape(body)})`, {
          what: 'the labor entries list',
        }),
      refusal: (error) => isServiceError(error) && error.kind === 'http' && (error.status ?? 0) < 500,
      path,
      query: { type: 'all', fiscal_day_start: day(nowMs - 14 * 86_400_000), fiscal_day_end: day(nowMs), limit: 200 },
    });
  } catch (error) {
    add(
      'Labor entries',
      errorMessage(error),
      'the kiosk board and timesheet need this location subscribed and authorised',
      false,
    );
    return [];
  }
  const rows = read.rows.filter(isRecord);
  add(
    'Labor entries',
    `${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} in the last 14 days over ${read.pages.length} answer${read.pages.length === 1 ? '' : 's'} of GET /api${path}`,
    'read as the service sends them',
  );
  add(
    'Labor list shape',
    shapeSaw(`GET /api${path}`, read),
    'lists are read bare or under any of the usual keys',
    true,
    shapeFound(read),
  );
  add('Labor paging', pagingSaw(read), pagingAssume, true, pagingFound(read));

  const types = [...new Set(rows.map((r) => r.time_punch_type).filter((t): t is string => typeof t === 'string'))];
  add(
    'Punch types',
    types.length ? `time_punch_type: ${types.join(', ')}` : 'none seen',
    'shift and breaks told apart by type in any letter case',
    true,
    types.length === 0
      ? CANNOT_TELL
      : types.every((t) => t === t.toUpperCase())
        ? 'upper'
        : types.every((t) => t === t.toLowerCase())
          ? 'lower'
          : 'mixed',
  );
  const isBreak = (r: Record<string, unknown>) =>
    typeof r.time_punch_type === 'string' && /break/i.test(r.time_punch_type);
  const breaks = rows.filter(isBreak);
  const shifts = rows.filter((r) => !isBreak(r));
  add(
    'Shift ids',
    rows.length === 0
      ? 'no entries to look at'
      : `breaks' time_shift_id: ${kinds(breaks.map((b) => b.time_shift_id))}; shifts' time_shift_id: ${kinds(shifts.map((x) => x.time_shift_id))}; shifts' id: ${kinds(shifts.map((x) => x.id))}`,
    "a break joins its shift by whichever id the service uses (the shift's uuid, its time_shift_id, or its row id), compared as strings",
    true,
    shiftIdsFound(breaks, shifts),
  );

  const stamps = rows.flatMap((r) => [r.punch_in, r.punch_out]).filter((t): t is string => typeof t === 'string');
  const local = stamps.filter((t) => lacksOffset(t));
  // The same text means UTC on one service and the venue's wall clock on another: only evidence
  // (a punch's echo seen by the app, or a time the answer's Date rules out) names which.
  const meaning = local.length ? (meaningOf(client, locationUuid) ?? judgeByDate(date, local, zone)) : null;
  const offsetFree = meaning === null ? CANNOT_TELL : meaning.meaning === 'utc' ? 'utc-no-offset' : 'local';
  const timesFound =
    stamps.length === 0
      ? CANNOT_TELL
      : local.length === stamps.length
        ? offsetFree
        : local.length === 0
          ? 'utc'
          : 'mixed';
  add(
    'Labor times',
    stamps.length === 0
      ? 'no punch times to look at'
      : `punch_in / punch_out: ${local.length === 0 ? 'with a UTC offset' : `${local.length} of ${stamps.length} without an offset`} (e.g. ${stamps[0]})`,
    local.length === 0
      ? 'instants as written'
      : meaning?.meaning === 'utc'
        ? `times without an offset are UTC: ${meaning.evidence}`
        : !zone
          ? "times without an offset cannot be read until the kiosk location's time zone is set in Settings: the board and timesheet say so"
          : meaning
            ? `times without an offset are ${zone} wall-clock times (the location's zone), never this computer's: ${meaning.evidence}`
            : `not decided: times without an offset are read as ${zone} wall-clock times until a punch's echo or the service's Date shows whether they are UTC; until then the board and timesheet may be off by the zone's offset`,
    true,
    timesFound,
  );

  const instants = stamps.map((t) => (lacksOffset(t) ? t : new Date(Date.parse(t)).toISOString()));
  const onMinute = instants.filter((t) => /T\d\d:\d\d:00(\.0+)?(Z)?$/.test(t)).length;
  add(
    'Punch precision',
    instants.length === 0
      ? 'no punch times to look at'
      : onMinute < instants.length
        ? 'seconds kept'
        : `every one of ${instants.length} times is on the minute`,
    'a punch whose outcome is unknown is matched by reading back to the minute, never sent again blind',
    true,
    onMinute < instants.length ? 'second' : instants.length >= 3 ? 'minute' : CANNOT_TELL,
  );

  const roles = rows.map((r) => r.user_role).filter((x): x is string => typeof x === 'string');
  const roleFound =
    roles.length === 0
      ? CANNOT_TELL
      : roles.every((x) => UUID.test(x))
        ? 'uuid'
        : roles.every((x) => /^[A-Z0-9_-]+$/.test(x))
          ? 'code'
          : roles.every((x) => !UUID.test(x) && x !== x.toUpperCase())
            ? 'name'
            : CANNOT_TELL;
  add(
    'Roles',
    roles.length ? `user_role: ${[...new Set(roles)].slice(0, 4).join(', ')}` : 'no roles to look at',
    "a role is read through this kiosk's roster by name, uuid or code (with user_role_uuid beside it), and sent by uuid when the roster has one",
    true,
    roleFound,
  );

  return rows.map((r) => r.declared_tips).filter(isWireMoney);
}

/**
 * Money, family by family (shared/money-units.ts). Reads only, so only a fraction can show a unit
 * here: declared tips for the "number" fields, catalog prices (where the service has that route)
 * for answers. Amounts sent in show nothing without a write: the first gift-card sale at the
 * catalog's price decides them. What the app already decided from evidence is said beside it.
 */
async function checkMoney(
  client: ServiceClient,
  locationUuid: string | null,
  tips: WireMoney[],
  money: MoneyUnitsView | undefined,
  add: Add,
): Promise<void> {
  let prices: WireMoney[] | null = null;
  if (locationUuid) {
    try {
      const body = await client.request('integration', 'GET', `/loc/${encodeURIComponent(locationUuid)}/catalog`);
      const raw = isRecord(body) ? (body.products ?? (isRecord(body.data) ? body.data.products : undefined)) : body;
      prices = Array.isArray(raw)
        ? raw
            .filter(isRecord)
            .map((p) => p.price)
            .filter(isWireMoney)
        : [];
    } catch {
      prices = null;
    }
  }
  const line = (family: MoneyFamily, point: string, saw: string, values: WireMoney[]) => {
    // A fraction, or a decimal string ("13.00"): only dollars are written so.
    const fraction = values.find((v) => (typeof v === 'string' ? writesDollars(v) : !Number.isInteger(v)));
    const found = fraction !== undefined ? 'dollars' : CANNOT_TELL;
    const held = money?.[family];
    const app =
      held && held.source !== 'default'
        ? `the app reads ${FAMILY_LABEL[family].toLowerCase()} as ${held.unit} (${held.source === 'chosen' ? 'confirmed in Settings' : (held.evidence?.saw ?? 'decided from evidence')})`
        : `not decided: the app assumes cents and says so until evidence decides it${family === 'sent' ? ' (the first gift-card sale at the catalog price does)' : ''}`;
    // The practice venue's reading is known (the app's own sandbox): nothing to confirm there.
    const known = held?.evidence?.field === PRACTICE_READING;
    const proposal: MoneyUnit | null =
      fraction !== undefined ? 'dollars' : held && held.source === 'detected' && !known ? held.unit : null;
    const confirm: ServiceCheckConfirm | undefined =
      proposal && !(held?.source === 'chosen' && held.unit === proposal)
        ? {
            label: `${FAMILY_LABEL[family]} are ${proposal}`,
            setting: { kind: 'money-unit', family, unit: proposal },
          }
        : undefined;
    add(
      point,
      fraction !== undefined
        ? typeof fraction === 'string'
          ? `${saw}, as decimal strings (e.g. "${fraction}"): dollars`
          : `${saw}, with a fraction (e.g. ${fraction}): dollars`
        : `${saw}${values.length ? ': whole numbers, cents or whole dollars' : ''}`,
      proposal || held?.source === 'chosen' || known
        ? app
        : `${app}; cannot tell from these answers: confirm the unit in Settings → Money units if you know it`,
      true,
      found,
      confirm,
    );
  };
  line(
    'numbers',
    'Money: open number fields',
    tips.length ? `${tips.length} declared_tips in GET /api/loc/…/labor/entries` : 'no declared tips to look at',
    tips,
  );
  line(
    'answers',
    'Money: amounts read back',
    prices === null
      ? 'no catalog route (GET /api/loc/…/catalog): no answer amounts to look at without a write'
      : `${prices.length} prices in GET /api/loc/…/catalog`,
    prices ?? [],
  );
  line('sent', 'Money: amounts sent in', 'a read cannot show how the service reads payments', []);
  moneyTextLine([...tips, ...(prices ?? [])], 'declared tips and catalog prices', add);
}

/** A money value as the service wrote it: a number, or a decimal string kept as written. */
type WireMoney = number | string;

function isWireMoney(value: unknown): value is WireMoney {
  return (
    (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && wireNumber(value) !== null)
  );
}

function shiftIdsFound(breaks: Record<string, unknown>[], shifts: Record<string, unknown>[]): string {
  const refs = breaks.map((b) => b.time_shift_id).filter((v) => v !== undefined && v !== null);
  if (refs.length === 0) return CANNOT_TELL;
  if (refs.every((v) => typeof v === 'string' && UUID.test(v))) return 'uuid';
  const numeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));
  if (!refs.every(numeric)) return CANNOT_TELL;
  if (shifts.length === 0) return CANNOT_TELL;
  if (shifts.every((x) => numeric(x.time_shift_id))) return 'numeric';
  if (
    shifts.every((x) => x.time_shift_id === undefined || x.time_shift_id === null) &&
    shifts.every((x) => numeric(x.id))
  )
    return 'numeric-breaks-only';
  return CANNOT_TELL;
}

function shapeSaw(request: string, read: WholeList): string {
  const first = read.pages[0];
  if (!first) return 'no answer';
  return first.shape === 'bare'
    ? `${request} answers a bare array`
    : `${request} answers the list under "${first.shape}"`;
}

function shapeFound(read: WholeList): string {
  const shape = read.pages[0]?.shape;
  if (!shape || shape === 'unknown') return CANNOT_TELL;
  return shape === 'bare' ? 'bare' : shape === 'data' ? 'data' : 'named';
}

function pagingSaw(read: WholeList): string {
  const marked = read.pages.find((p) => p.marker !== null);
  const probes = read.pages.filter((p) => p.probe);
  const parts = [`${read.rows.length} rows in ${read.pages.length} answer${read.pages.length === 1 ? '' : 's'}`];
  if (marked) parts.push(`next page named by ${marked.marker} (${marked.request})`);
  if (probes.length)
    parts.push(
      `${probes.length} probe${probes.length === 1 ? '' : 's'} with offset (${probes.at(-1)?.request}: ${probes.at(-1)?.rows} rows)`,
    );
  parts.push(read.complete ? `complete (${read.how})` : `may be incomplete: ${read.how}`);
  return parts.join('; ');
}

function pagingFound(read: WholeList): string {
  if (!read.complete) return CANNOT_TELL;
  const marked = read.pages.find((p) => p.marker !== null);
  if (marked?.marker) return marked.marker;
  const firstProbe = read.pages.findIndex((p) => p.probe);
  // A probe that found more rows shows a silent cap; one that found none shows a single answer.
  if (firstProbe >= 0 && read.pages[firstProbe].rows > 0) return 'none';
  return 'one answer';
}

function kinds(values: unknown[]): string {
  const seen = new Set<string>();
  for (const v of values) {
    if (v === undefined) seen.add('absent');
    else if (v === null) seen.add('null');
    else if (typeof v === 'number') seen.add('numbers');
    else if (typeof v === 'string')
      seen.add(UUID.test(v) ? 'uuids' : /^\d+$/.test(v) ? 'numeric strings' : 'other strings');
    else seen.add(typeof v);
  }
  return seen.size ? [...seen].join(', ') : 'none seen';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The report as plain text: what the host's --check prints and the Settings card shows. */
export function reportText(report: ServiceCheckReport): string {
  const out = [`Check of ${report.service} at ${new Date(report.checkedAt).toISOString()}`, ''];
  for (const line of report.lines)
    out.push(
      `${line.ok ? '-' : '!'} ${line.point}: ${line.saw}`,
      ...(line.found !== undefined ? [`    reading: ${line.found}`] : []),
      `    the app assumes: ${line.assume}`,
      ...(line.confirm ? [`    confirm in Settings: ${line.confirm.label}`] : []),
    );
  out.push(
    '',
    'Register on the service dashboard:',
    `  sign-in redirect URL: ${report.register.redirectUrl}`,
    `  webhook endpoint URL: ${report.register.webhookUrl}`,
    `  header prefix: ${report.register.headerPrefix} (headers X-${report.register.headerPrefix}-Signature, …)`,
  );
  return out.join('\n');
}
