// Paged lists for the readings with pageSize > 0 (readings.ts): at most pageSize rows, a larger
// `limit` clamped, and a next-page marker `next_page` holding the full URL of the next page (the
// same query with `page=<offset>`). With pageSize 0 a list answers in one piece, as before.
import type { RouteContext } from './router';

export interface Page<T> {
  rows: T[];
  /** The limit actually applied (after clamping). */
  limit: number;
  /** `{ next_page: url }` when more rows follow, else `{}`. */
  marker: { next_page?: string };
}

export function pageOf<T>(ctx: RouteContext, rows: T[], requestedLimit: number): Page<T> {
  const size = ctx.world.readings.pageSize;
  if (size <= 0) return { rows: rows.slice(0, requestedLimit), limit: requestedLimit, marker: {} };
  const limit = Math.min(requestedLimit, size);
  const rawOffset = ctx.query.get('page');
  const offset = rawOffset && /^\d{1,9}$/.test(rawOffset) ? Number(rawOffset) : 0;
  const slice = rows.slice(offset, offset + limit);
  if (offset + limit >= rows.length) return { rows: slice, limit, marker: {} };
  const next = new URL(ctx.pathname, ctx.baseUrl);
  for (const [k, v] of ctx.query) if (k !== 'page') next.searchParams.append(k, v);
  next.searchParams.set('page', String(offset + limit));
  return { rows: slice, limit, marker: { next_page: next.toString() } };
}
