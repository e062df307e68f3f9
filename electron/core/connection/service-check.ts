// "Check this service" (Settings, and `npm run host -- --check`): read-only probes against the
// configured service that say, point by point, which reading of the spec's open points it shows,
// what the app will assume, and what to register on its dashboard. Only GETs and the token
// request: nothing is written, no refresh token is used up.
import type { ServiceCheckLine, ServiceCheckReport } from '../../../shared/domain';
import type { ServiceClient } from '../api/service-client';
import { errorMessage } from '../../../shared/errors';

export interface ServiceCheckInput {
  client: ServiceClient;
  baseUrl: string;
  signedIn: boolean;
  redirectUrl: string | null;
  webhookUrl: string | null;
  headerPrefix: string;
  now?: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function checkService(input: ServiceCheckInput): Promise<ServiceCheckReport> {
  const now = input.now ?? Date.now;
  const lines: ServiceCheckLine[] = [];
  const add = (point: string, saw: string, assume: string, ok = true) => lines.push({ point, saw, assume, ok });
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
  try {
    const body = await input.client.request('integration', 'GET', '/loc');
    locations = rowsOf(body);
    add(
      'Locations',
      `${locations.length} location${locations.length === 1 ? '' : 's'} in the first answer`,
      'the app lists what the service sends',
    );
    const ids = locations.map((l) => l.uuid ?? l.location_uuid ?? l.id);
    add('Location ids', kinds(ids), 'ids are read as strings whatever their kind');
    add(
      'Location paging',
      pagingOf(body, locations.length),
      'the app follows a next-page marker; a full page without one is said on screen as "rows may be missing"',
    );
    const fields = new Set(locations.flatMap((l) => Object.keys(l)));
    const flags = ['subscribed', 'timezone', 'featureFlags', 'feature_flags'].filter((f) => fields.has(f));
    add(
      'Location fields',
      flags.length ? `present: ${flags.join(', ')}` : 'no subscribed, timezone or feature flags',
      flags.includes('subscribed')
        ? 'subscriptions as the service says'
        : 'subscription state unknown until a webhook arrives or you subscribe',
    );
    const zones = [
      ...new Set(locations.map((l) => l.timezone ?? l.time_zone).filter((z): z is string => typeof z === 'string')),
    ];
    add(
      'Time zone',
      zones.length ? zones.join(', ') : 'not shown',
      zones.length
        ? "venue times in each location's zone"
        : "the kiosk location's zone as chosen in Settings (else this computer's)",
    );
  } catch (error) {
    add('Locations', errorMessage(error), 'the location list cannot be read with these credentials', false);
  }

  const location = locations.find((l) => l.subscribed === true) ?? locations[0];
  const locationUuid = location ? String(location.uuid ?? location.location_uuid ?? location.id) : null;
  if (locationUuid) await checkLabor(input.client, locationUuid, add, now());
  else add('Labor entries', 'no location to read', 'not checked');

  add(
    'Refresh request',
    input.signedIn ? 'signed in: not probed, a refresh could use up a rotating refresh token' : 'not signed in',
    'the app sends refresh_token, tries refreshToken when that shape is refused, and keeps a rotated refresh token',
  );
  return report();
}

async function checkLabor(
  client: ServiceClient,
  locationUuid: string,
  add: (point: string, saw: string, assume: string, ok?: boolean) => void,
  nowMs: number,
): Promise<void> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let rows: Record<string, unknown>[];
  let body: unknown;
  try {
    body = await client.request('integration', 'GET', `/loc/${encodeURIComponent(locationUuid)}/labor/entries`, {
      query: { type: 'all', fiscal_day_start: day(nowMs - 14 * 86_400_000), fiscal_day_end: day(nowMs), limit: 200 },
    });
    rows = rowsOf(body);
  } catch (error) {
    add(
      'Labor entries',
      errorMessage(error),
      'the kiosk board and timesheet need this location subscribed and authorised',
      false,
    );
    return;
  }
  add(
    'Labor entries',
    `${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} in the last 14 days`,
    'read as the service sends them',
  );
  add(
    'Labor paging',
    pagingOf(body, rows.length),
    'markers followed; a full page without one is flagged as incomplete',
  );
  const types = [...new Set(rows.map((r) => r.time_punch_type).filter((t): t is string => typeof t === 'string'))];
  add(
    'Punch types',
    types.length ? types.join(', ') : 'none seen',
    'shift and breaks told apart by type in any letter case',
  );
  const breaks = rows.filter((r) => typeof r.time_punch_type === 'string' && /break/i.test(r.time_punch_type));
  const shifts = rows.filter((r) => typeof r.time_punch_type === 'string' && /shift/i.test(r.time_punch_type));
  add(
    'Shift ids',
    rows.length === 0
      ? 'no entries to look at'
      : `breaks: ${kinds(breaks.map((b) => b.time_shift_id))}; shifts: ${kinds(shifts.map((s) => s.time_shift_id))}`,
    "a break joins its shift by whichever id the service uses (the shift's uuid, or a numeric id as string or number)",
  );
  const stamps = rows.flatMap((r) => [r.punch_in, r.punch_out]).filter((t): t is string => typeof t === 'string');
  const withSeconds = stamps.filter((t) => /T\d\d:\d\d:(\d\d)/.exec(t)?.[1] !== '00').length;
  add(
    'Punch precision',
    stamps.length === 0
      ? 'no punch times to look at'
      : withSeconds > 0
        ? 'seconds kept'
        : `every one of ${stamps.length} times is on the minute`,
    'a punch whose outcome is unknown is matched by reading back to the minute, never sent again blind',
  );
  const tips = rows.map((r) => r.declared_tips).filter((t): t is number => typeof t === 'number');
  const decimal = tips.some((t) => !Number.isInteger(t));
  add(
    'Money unit',
    tips.length === 0
      ? 'no declared tips to look at'
      : decimal
        ? 'declared_tips with decimals: dollars'
        : `${tips.length} whole-number declared_tips: cents, or whole dollars`,
    decimal
      ? 'dollars for the money fields the spec leaves open'
      : 'the unit set for this connection (cents unless changed); a decimal value seen later means dollars',
    true,
  );
}

function rowsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.filter(isRecord);
  if (isRecord(body)) for (const value of Object.values(body)) if (Array.isArray(value)) return value.filter(isRecord);
  return [];
}

function pagingOf(body: unknown, count: number): string {
  if (isRecord(body)) {
    for (const key of ['next_page', 'nextPage', 'next', 'cursor', 'next_cursor']) {
      if (typeof body[key] === 'string' && body[key]) return `paged: a next-page marker (${key}) after ${count} rows`;
    }
    if (typeof body.limit === 'number' && count >= body.limit)
      return `a full page of ${count} rows (limit ${body.limit}) and no marker: rows may be missing`;
  }
  return `one answer of ${count} rows, no next-page marker`;
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
    out.push(`${line.ok ? '-' : '!'} ${line.point}: ${line.saw}`, `    the app assumes: ${line.assume}`);
  out.push(
    '',
    'Register on the service dashboard:',
    `  sign-in redirect URL: ${report.register.redirectUrl}`,
    `  webhook endpoint URL: ${report.register.webhookUrl}`,
    `  header prefix: ${report.register.headerPrefix} (headers X-${report.register.headerPrefix}-Signature, …)`,
  );
  return out.join('\n');
}
