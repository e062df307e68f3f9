// Paging the spec does not show (8: "page sizes and the default and maximum of the limit query
// parameter: not shown"): a list answer may carry a next-page marker, as a link or as a token.
// One reading of it for every list the app reads to its end (locations, labor entries).

export type PageQuery = Record<string, string | number | boolean | undefined>;

// Where services put paging: at the top, or under one of these (two levels deep at most).
const HOLDERS = ['links', '_links', 'paging', 'pagination', 'page_info', 'pageInfo', 'meta', 'cursor', 'cursors'];
// A key that names the next page: a link, a page number or a token (`next_cursor`, `nextPageToken`,
// `end_cursor`, `continuation_token`, `after` …). Previous, first, last and self are never it.
const NEXT_KEY =
  /^(next([_-]?(page|url|link|href|cursor|token|page[_-]?token|key|marker|after))?|end[_-]?cursor|continuation([_-]?token)?|(starting[_-]?)?after|cursor)$/i;
const MORE_KEY = /^(has[_-]?(more|next|next[_-]?page)|more)$/i;

/** A next-page marker found in an answer's body. */
interface Marker {
  /** Where it was, as the service check names it: `next_page`, `links.next`, `cursor`, `page_info` … */
  kind: string;
  value: string | number;
  /** The query parameter a token goes back under. */
  param: string;
}

/**
 * The parameter a token goes back under, from the name it came in: a cursor as `cursor` (an
 * `end_cursor` as `after`, the GraphQL pair), a token or marker under its own name less `next`
 * (`next_page_token` → `page_token`, `nextToken` → `token`), a page number as `page`.
 */
function paramOf(key: string, holder: string): string {
  const bare = key.replace(/^next[_-]?/i, '');
  const own = bare ? bare.charAt(0).toLowerCase() + bare.slice(1) : '';
  if (/^end[_-]?cursor$/i.test(key)) return 'after';
  if (/cursor/i.test(key) || (/cursor/i.test(holder) && !own)) return 'cursor';
  if (/token|key|marker|after|continuation/i.test(key)) return own || 'token';
  return 'page';
}

function findMarker(body: unknown): Marker | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const top = body as Record<string, unknown>;
  const places: [string, unknown][] = [['', top]];
  for (const name of HOLDERS) {
    const holder = top[name];
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) continue;
    places.push([name, holder]);
    for (const inner of HOLDERS) places.push([`${name}.${inner}`, (holder as Record<string, unknown>)[inner]]);
  }
  for (const [path, holder] of places) {
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) continue;
    for (const [key, raw] of Object.entries(holder)) {
      if (!NEXT_KEY.test(key) || (path === '' && key === 'cursor')) continue;
      // HAL: `_links.next.href`.
      const value = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).href : raw;
      if (!(typeof value === 'string' && value !== '') && !(typeof value === 'number' && Number.isFinite(value)))
        continue;
      return { kind: kindOf(path, key), value, param: paramOf(key, path) };
    }
  }
  return null;
}

/** The marker's name for the service check: the readings' names where it is one of those. */
function kindOf(path: string, key: string): string {
  if (path === '') return /cursor|token/i.test(key) ? 'cursor' : key;
  if (/^page_?info$/i.test(path)) return 'page_info';
  return `${path}.${key}`;
}

/** Whether the answer says more rows follow (`has_more`, `page_info.has_next_page` …) without naming them. */
function saysMore(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const top = body as Record<string, unknown>;
  for (const holder of [top, ...HOLDERS.map((h) => top[h])]) {
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) continue;
    for (const [key, value] of Object.entries(holder)) if (MORE_KEY.test(key) && value === true) return true;
  }
  return false;
}

/**
 * The next page's request from the answer's marker (a `Link` header, or a link, page number or
 * token in the body under any of the names services use), 'elsewhere' for a link off the service,
 * or null when there is none. `restPathOf` turns a link on the service into a path for the
 * client; only such links are followed, so the bearer token never goes to another host.
 */
export function nextPage(
  restPathOf: (link: string) => string | null,
  body: unknown,
  path: string,
  query: PageQuery,
  headers?: Headers | null,
): { path: string; query: PageQuery } | 'elsewhere' | null {
  const linked = linkHeaderNext(headers?.get('link') ?? null);
  if (linked !== null) {
    const rest = restPathOf(linked);
    return rest ? { path: rest, query: {} } : 'elsewhere';
  }
  const marker = findMarker(body);
  if (!marker) return null;
  const { value } = marker;
  if (typeof value === 'number') return { path, query: { ...query, page: value } };
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) {
    const rest = restPathOf(value);
    return rest ? { path: rest, query: {} } : 'elsewhere';
  }
  return { path, query: { ...query, [marker.param]: value } };
}

/** Pages followed at most, so a service that loops its marker cannot hold a screen forever. */
export const MAX_PAGES = 50;

/** The `rel="next"` target of an RFC 8288 Link header, or null. */
export function linkHeaderNext(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!m) continue;
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(m[2])?.[1] ?? '';
    if (rel.toLowerCase().split(/\s+/).includes('next')) return m[1];
  }
  return null;
}

/**
 * Whether a page without a next-page marker may have been cut by the service, so it is probed
 * before the list is called complete. Not when it is empty, nor when this service is known to name
 * its next pages (then a page without a marker is the last), nor when the service says the limit
 * it applied and sent fewer rows. Otherwise: any page when a limit was asked (shorter than asked may
 * be a silent cap of the service's own), a round count when none was.
 */
export function mayBeCut(
  rows: number,
  asked: number | undefined,
  echoed: number | undefined,
  namesNextPages = false,
): boolean {
  if (rows === 0) return false;
  // A service that names its next pages names every one: a page without a name is its last, even
  // a full one (a token-paged service may have no offset to probe with at all).
  if (namesNextPages) return false;
  if (echoed !== undefined) return rows >= echoed;
  return asked !== undefined || roundCount(rows);
}

/** A row count a silent cap would plausibly give (a multiple of 5, or a power of two from 8). */
function roundCount(rows: number): boolean {
  return rows % 5 === 0 || (rows >= 8 && (rows & (rows - 1)) === 0);
}

/** What one page of a list showed, for the service check's evidence. */
export interface PageSeen {
  /** The request, e.g. `GET /api/loc?offset=3` (path and query, never a token). */
  request: string;
  rows: number;
  /** How the answer named its next page: `next_page`, `links.next`, `link-header`, `cursor`, …; null for none. */
  marker: string | null;
  /** Where the rows were: `bare` (a top-level array) or the key that held them (`entries`, `data`, …). */
  shape: string;
  /** The limit the answer said it applied, when it said one. */
  limit: number | null;
  /** True for a probe sent because the previous page might have been cut. */
  probe: boolean;
}

export interface WholeList {
  /** Every page read, in order. */
  pages: PageSeen[];
  rows: unknown[];
  /** False when rows may be missing: paging stopped, a marker led off the service, or a probe could not tell. */
  complete: boolean;
  /** How the list's end was found, for the service check: 'one answer', 'marker', 'probe', or why it is not known. */
  how: string;
}

export interface WholeListInput {
  fetchPage: (path: string, query: PageQuery) => Promise<{ value: unknown; headers: Headers | null }>;
  restPathOf: (link: string) => string | null;
  /** The rows of one answer, or null when the answer is not a list this app can read. */
  rowsOf: (body: unknown) => unknown[] | null;
  /** A row's id, so a probe that returns rows already read is told from one that returns more. */
  idOf: (row: unknown) => string | null;
  /** Throws the feature's 'cannot-read' error for an answer that is not a list. */
  unreadable: (body: unknown) => Error;
  /** Whether a probe's refusal means "cannot tell" (a 4xx) rather than a failure to pass on. */
  refusal: (error: unknown) => boolean;
  /**
   * What this service has shown about paging, kept by the caller across lists: once it has named a
   * next page, a page without a marker is its last and is not probed.
   */
  paging?: { namesNextPages: boolean };
  path: string;
  query: PageQuery;
}

/**
 * Reads a list to its end: follows any next-page marker (a body link, a cursor or page token, a
 * `Link` header); a page without one that may have been cut is probed with `offset` = rows read.
 * A probe answered with no rows ends the list; with rows already read (the service ignores
 * `offset`) or refused, the list is marked incomplete. Never claims a list it did not read to its end.
 */
export async function readWholeList(input: WholeListInput): Promise<WholeList> {
  const rows: unknown[] = [];
  const pages: PageSeen[] = [];
  const seen = new Set<string>();
  let path = input.path;
  let query: PageQuery = { ...input.query };
  let probing = false;
  let firstCount = 0;
  const asked = typeof input.query.limit === 'number' ? input.query.limit : undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let answer: { value: unknown; headers: Headers | null };
    try {
      answer = await input.fetchPage(path, query);
    } catch (error) {
      if (probing && input.refusal(error))
        return { pages, rows, complete: false, how: 'the service refused a probe for more rows' };
      throw error;
    }
    const list = input.rowsOf(answer.value);
    if (!list) throw input.unreadable(answer.value);
    const said = (answer.value as { limit?: unknown } | null)?.limit;
    const echoed = typeof said === 'number' && said > 0 ? said : undefined;
    pages.push({
      request: `GET ${path}${queryText(query)}`,
      rows: list.length,
      marker: markerKind(answer.value, answer.headers),
      shape: shapeOf(answer.value, list),
      limit: echoed ?? null,
      probe: probing,
    });
    let fresh = 0;
    for (const row of list) {
      const id = input.idOf(row);
      if (id !== null && seen.has(id)) continue;
      if (id !== null) seen.add(id);
      rows.push(row);
      fresh++;
    }
    if (!probing && page > 0 && list.length > 0 && fresh === 0)
      // A marker followed to rows already read: the service did not take its token as sent.
      return { pages, rows, complete: false, how: 'the next page repeated rows already read' };
    if (probing && list.length > 0 && fresh === 0) {
      // The service ignores offset. A first page shorter than asked at a count no cap would give is
      // taken as the whole list; at a round count the end cannot be told.
      const whole = rows.length === firstCount && asked !== undefined && firstCount < asked && !roundCount(firstCount);
      return whole
        ? { pages, rows, complete: true, how: 'one answer (the service ignores offset)' }
        : { pages, rows, complete: false, how: 'the service ignores offset, so its end cannot be told' };
    }
    if (page === 0) firstCount = list.length;
    const next = nextPage(input.restPathOf, answer.value, path, query, answer.headers);
    if (next === 'elsewhere') return { pages, rows, complete: false, how: 'a next-page link to another address' };
    if (next) {
      if (input.paging) input.paging.namesNextPages = true;
      ({ path, query } = next);
      probing = false;
      continue;
    }
    // A page that says more follow without naming them is probed like a cut one.
    const more = saysMore(answer.value);
    if (
      !more &&
      !mayBeCut(list.length, asked, echoed, (input.paging?.namesNextPages ?? false) || pages.some((p) => p.marker))
    )
      return { pages, rows, complete: true, how: endOf(pages) };
    path = input.path;
    query = { ...input.query, offset: rows.length };
    probing = true;
  }
  return { pages, rows, complete: false, how: `paging stopped after ${MAX_PAGES} pages` };
}

function queryText(query: PageQuery): string {
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** How an answer names its next page, as the service check reports it; null when it names none. */
export function markerKind(body: unknown, headers: Headers | null): string | null {
  if (linkHeaderNext(headers?.get('link') ?? null) !== null) return 'link-header';
  return findMarker(body)?.kind ?? (saysMore(body) ? 'has_more' : null);
}

/** `bare` for a top-level array, else the key that holds the list. */
function shapeOf(body: unknown, list: unknown[]): string {
  if (Array.isArray(body)) return 'bare';
  if (body && typeof body === 'object')
    for (const [key, value] of Object.entries(body)) {
      if (value === list) return key;
      if (value && typeof value === 'object' && !Array.isArray(value))
        for (const [inner, v] of Object.entries(value)) if (v === list) return `${key}.${inner}`;
    }
  return 'unknown';
}

/** How a complete list's end was found, in words for the service check. */
function endOf(pages: PageSeen[]): string {
  if (pages.length === 1) return 'one answer';
  const read = pages.filter((p) => !p.probe || p.rows > 0).length;
  const last = pages[pages.length - 1];
  if (last.probe && last.rows === 0)
    return read === 1
      ? 'one answer; a probe with offset found no more'
      : `${read} pages; a probe with offset found no more`;
  return `${pages.length} pages, the last without a next-page marker`;
}
