// Lists paged by a token under names the spec never shows, over real HTTP, from a sandbox that
// (like many token-paged services) ignores `offset`: every name is followed to the list's end,
// and a list whose next page cannot be read is said to be incomplete, never shown as whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../electron/core/api/service-client';
import { listAllEntries } from '../../electron/core/labor/labor-api';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_ROLES,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox';
import type { PageMarker } from '../../electron/sandbox/readings';
import { HARBOUR } from './labor-test-kit';
import { removeTempDirs, startCore } from './tabs-kit';

const MINUTE = 60_000;
let sb: RunningSandbox;
let client: ServiceClient;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.close();
});

function seed(count: number): void {
  const now = sb.world.clock.nowMs();
  for (let i = 0; i < count; i++) {
    const start = now - (count - i + 5) * 2 * MINUTE;
    sb.world.labor.add({
      locationUuid: HARBOUR.uuid,
      shiftUuid: null,
      punchType: 'shift',
      userId: '1002',
      role: 'server',
      roleUuid: SEED_ROLES.server,
      punchInMs: start,
      punchOutMs: start + MINUTE,
      declaredTips: null,
      createdMs: start,
    });
  }
}

const ctx = () => ({ client, locationUuid: HARBOUR.uuid, fiscalDayOf: () => '2026-01-01' });

describe.each<PageMarker>(['pagination.next_token', 'page_info', 'meta.cursor.next', 'has_more'])(
  'a list paged by %s',
  (pageMarker) => {
    it('is read to its end: every row, and complete', async () => {
      sb.world.reset();
      sb.world.readings = { ...sb.world.readings, pageSize: 3, pageMarker, wrapping: 'named' };
      seed(28);
      client = new ServiceClient({
        baseUrl: sb.baseUrl,
        accessId: DEMO_ACCESS_ID,
        accessSecret: DEMO_ACCESS_SECRET,
        secrets: new MemorySecretStore(),
      });
      try {
        const list = await listAllEntries(ctx(), { type: 'all', limit: 1000 });
        expect(list.entries).toHaveLength(28);
        expect(list.complete).toBe(true);
        sb.world.readings = { ...sb.world.readings, pageSize: 1 };
        const locations = await client.listAllLocations('integration');
        const authorised = [...sb.world.integrations.values()][0].authorizedLocationUuids;
        expect(locations.locations.map((l) => l.uuid).sort()).toEqual([...authorised].sort());
        expect(locations.complete).toBe(true);
      } finally {
        client.dispose();
      }
    });
  },
);

describe('the locations a core lists', () => {
  it('are said to be incomplete on screen when the reader could not read the list to its end', async () => {
    // Every next page answered with the first one again: the reader sees rows it already read.
    const firstPageAgain = (input: string, init: RequestInit) => {
      const url = new URL(input);
      const next = [...url.searchParams.keys()].some((k) => k !== 'limit');
      if (init.method === 'GET' && url.pathname.endsWith('/api/loc') && next) url.search = '';
      return fetch(url.toString(), init);
    };
    const t = await startCore({ fetch: firstPageAgain, subscribe: false });
    try {
      t.core.sandbox()!.world.readings = { ...t.core.sandbox()!.world.readings, pageSize: 1 };
      const view = await t.core.handlers.listLocations('integration');
      expect(view).toMatchObject({ complete: false, incompleteHow: 'the next page repeated rows already read' });
    } finally {
      await t.stop();
      removeTempDirs();
    }
  });
});
