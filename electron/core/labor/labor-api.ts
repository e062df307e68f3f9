// The three labor routes of spec 4, as the core calls them (always as the integration, through
// the current client so token and 401/403 handling stay in one place).
import type { LaborEntry } from '../../../shared/labor';
import type { ServiceClient } from '../api/service-client';
import { findEntry, findEntryList, findUuid, normalizeEntry } from './entry-normalize';

export interface EntryQuery {
  type?: 'shifts' | 'breaks' | 'all';
  is_open?: boolean;
  fiscal_day_start?: string;
  fiscal_day_end?: string;
  user_role?: string;
  user_id?: string;
  limit?: number;
  sort_by?: string;
  sort_direction?: 'asc' | 'desc';
}

export interface LaborApiContext {
  client: ServiceClient;
  locationUuid: string;
  fiscalDayOf: (ms: number) => string;
  timeoutMs?: number;
}

const base = (locationUuid: string) => `/loc/${encodeURIComponent(locationUuid)}/labor/entries`;

export async function listEntries(ctx: LaborApiContext, query: EntryQuery): Promise<LaborEntry[]> {
  const body = await ctx.client.request('integration', 'GET', base(ctx.locationUuid), { query: { ...query }, timeoutMs: ctx.timeoutMs });
  const list = findEntryList(body);
  if (!list) throw new Error('The service answered the labor entries list with something that is not a list of entries');
  return list.map((e) => normalizeEntry(e, ctx.fiscalDayOf)).filter((e): e is LaborEntry => e !== null);
}

export async function getEntry(ctx: LaborApiContext, uuid: string): Promise<LaborEntry> {
  const body = await ctx.client.request('integration', 'GET', `${base(ctx.locationUuid)}/${encodeURIComponent(uuid)}`, { timeoutMs: ctx.timeoutMs });
  const entry = findEntry(body, ctx.fiscalDayOf);
  if (!entry) throw new Error(`The service answered for labor entry ${uuid} with something that is not an entry`);
  return entry;
}

/** POST: resolves with the new entry's uuid, or null when the answer did not say (then reconcile). */
export async function createEntry(ctx: LaborApiContext, body: Record<string, unknown>): Promise<string | null> {
  const answer = await ctx.client.request('integration', 'POST', base(ctx.locationUuid), { body, timeoutMs: ctx.timeoutMs });
  return findUuid(answer);
}

export async function patchEntry(ctx: LaborApiContext, uuid: string, body: Record<string, unknown>): Promise<LaborEntry | null> {
  const answer = await ctx.client.request('integration', 'PATCH', `${base(ctx.locationUuid)}/${encodeURIComponent(uuid)}`, { body, timeoutMs: ctx.timeoutMs });
  return findEntry(answer, ctx.fiscalDayOf);
}
