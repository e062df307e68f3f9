// Paging the spec does not show (8: "page sizes and the default and maximum of the limit query
// parameter: not shown"): a list answer may carry a next-page marker, as a link or as a token.
// One reading of it for every list the app reads to its end (locations, labor entries).

const MARKER_KEYS = ['next_page', 'nextPage', 'next', 'next_cursor', 'nextCursor', 'next_page_token', 'nextPageToken'];

export type PageQuery = Record<string, string | number | boolean | undefined>;

/**
 * The next page's request from the answer's marker (found at the top or under links/paging/meta),
 * 'elsewhere' for a link off the service, or null when there is none. `restPathOf` turns a link on
 * the service into a path for the client; only such links are followed, so the bearer token never
 * goes to another host.
 */
export function nextPage(
  restPathOf: (link: string) => string | null,
  body: unknown,
  path: string,
  query: PageQuery,
): { path: string; query: PageQuery } | 'elsewhere' | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const top = body as Record<string, unknown>;
  for (const holder of [top, top.links, top.paging, top.meta]) {
    if (!holder || typeof holder !== 'object') continue;
    for (const key of MARKER_KEYS) {
      const value = (holder as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isFinite(value)) return { path, query: { ...query, page: value } };
      if (typeof value !== 'string' || value === '') continue;
      if (/^https?:\/\//i.test(value) || value.startsWith('/')) {
        const rest = restPathOf(value);
        return rest ? { path: rest, query: {} } : 'elsewhere';
      }
      return { path, query: { ...query, [/cursor/i.test(key) ? 'cursor' : 'page']: value } };
    }
  }
  return null;
}

/** Pages followed at most, so a service that loops its marker cannot hold a screen forever. */
export const MAX_PAGES = 50;
