// Paged lists for the readings with pageSize > 0 (readings.ts): at most pageSize rows, a larger
// `limit` clamped, and the next page named the reading's way (`next_page` URL, `links.next` URL,
// an RFC 8288 `Link` header, a `next_cursor` token, other cursor names, `has_more` alone, or nothing
// at all). `offset` (or the marker's own parameter) says where a page starts, in every reading, so
// a client can probe for more.
// With pageSize 0 a list answers in one piece.
import type { RouteContext } from './router';

export interface Page<T> {
  rows: T[];
  /** The limit actually applied (after clamping). */
  limit: number;
  /** Body keys that name the next page, by the reading (`{}` when none). */
  marker: Record<string, unknown>;
  /** Headers that name the next page (the `Link` reading). */
  headers: Record<string, string>;
}

const START = /^\d{1,9}$/;

// Each token is read back only under its own reading's name, as a service that chose it would.
const TOKENS: Record<string, RegExp> = { page: /^/, cursor: /^c/, token: /^t/, after: /^e/, offset: /^/ };

// A service that pages by a token of its own often has no offset at all: these readings ignore it,
// unless the list is a bare array, where the token has nowhere to go.
const TOKEN_ONLY = new Set(['pagination.next_token', 'page_info', 'meta.cursor.next']);

function startOf(ctx: RouteContext): number {
  const r = ctx.world.readings;
  const tokenOnly = r.pageSize > 0 && r.wrapping !== 'bare' && TOKEN_ONLY.has(r.pageMarker);
  for (const [key, prefix] of Object.entries(TOKENS)) {
    if (tokenOnly && key === 'offset') continue;
    const raw = ctx.query.get(key);
    if (raw === null) continue;
    const token = raw.replace(prefix, '');
    if (START.test(token)) return Number(token);
  }
  return 0;
}

export function pageOf<T>(ctx: RouteContext, rows: T[], requestedLimit: number): Page<T> {
  const size = ctx.world.readings.pageSize;
  const offset = startOf(ctx);
  if (size <= 0)
    return { rows: rows.slice(offset, offset + requestedLimit), limit: requestedLimit, marker: {}, headers: {} };
  const limit = Math.min(requestedLimit, size);
  const slice = rows.slice(offset, offset + limit);
  if (offset + limit >= rows.length) return { rows: slice, limit, marker: {}, headers: {} };
  const nextStart = offset + limit;
  const next = new URL(ctx.pathname, ctx.baseUrl);
  for (const [k, v] of ctx.query) if (!(k in TOKENS)) next.searchParams.append(k, v);
  next.searchParams.set('page', String(nextStart));
  switch (ctx.world.readings.pageMarker) {
    case 'next_page':
      return { rows: slice, limit, marker: { next_page: next.toString() }, headers: {} };
    case 'links.next':
      return { rows: slice, limit, marker: { links: { next: next.toString() } }, headers: {} };
    case 'link-header':
      return { rows: slice, limit, marker: {}, headers: { link: `<${next.toString()}>; rel="next"` } };
    case 'cursor':
      return { rows: slice, limit, marker: { next_cursor: `c${nextStart}` }, headers: {} };
    case 'pagination.next_token':
      return { rows: slice, limit, marker: { pagination: { next_token: `t${nextStart}` } }, headers: {} };
    case 'page_info':
      return {
        rows: slice,
        limit,
        marker: { page_info: { has_next_page: true, end_cursor: `e${nextStart}` } },
        headers: {},
      };
    case 'meta.cursor.next':
      return { rows: slice, limit, marker: { meta: { cursor: { next: `c${nextStart}` } } }, headers: {} };
    case 'has_more':
      return { rows: slice, limit, marker: { has_more: true }, headers: {} };
    case 'none':
      return { rows: slice, limit, marker: {}, headers: {} };
  }
}

/** A list answer wrapped the reading's way: `{[key]: rows, ...extra, ...marker}`, `{data: rows, ...marker}`, or bare. */
export function listBody(
  ctx: RouteContext,
  key: string,
  rows: unknown[],
  page: Page<unknown>,
  extra: Record<string, unknown> = {},
): unknown {
  const wrapping = ctx.world.readings.wrapping;
  if (wrapping === 'bare') return rows;
  if (wrapping === 'data') return { data: rows, ...page.marker };
  return { [key]: rows, ...extra, ...page.marker };
}
