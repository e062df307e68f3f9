// Lists paged by a token under names the spec never shows, over real HTTP, from a sandbox that
// (like many token-paged services) ignores `offset`: every name is followed to the list's end,
// and a list whose next page cannot be read is said to be incomplete, never shown as whole.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../electron/core/api/service-client';
import { listAllEntries } from '../../electron/core/labor/labor-api';
import type { PageMarker } from '../../electron/sandbox/readings';
import { HARBOUR, sandboxForSuite, demoClient, addLaborEntry } from './labor-test-kit';
import { removeTempDirs, startCore } from './tabs-kit';

const MINUTE = 60_000;
const rig = sandboxForSuite();
let client: ServiceClient;

function seed(count: number): void {
  const now = rig.sb.world.clock.nowMs();
  for (let i = 0; i < count; i++) {
    const start = now - (count - i + 5) * 2 * MINUTE;
    addLaborEntry(rig.sb, { punchInMs: start, punchOutMs: start + MINUTE });
  }
}

const ctx = () => ({ client, locationUuid: HARBOUR.uuid, fiscalDayOf: () => '2026-01-01' });

describe.each<PageMarker>(['pagination.next_token', 'page_info', 'meta.cursor.next', 'has_more'])(
  'a list paged by %s',
  (pageMarker) => {
    it('is read to its end: every row, and complete', async () => {
      rig.sb.world.reset();
      rig.sb.world.readings = { ...rig.sb.world.readings, pageSize: 3, pageMarker, wrapping: 'named' };
      seed(28);
      client = demoClient(rig.sb);
      try {
        const list = await listAllEntries(ctx(), { type: 'all', limit: 1000 });
        expect(list.entries).toHaveLength(28);
        expect(list.complete).toBe(true);
        rig.sb.world.readings = { ...rig.sb.world.readings, pageSize: 1 };
        const locations = await client.listAllLocations('integration');
        const authorised = [...rig.sb.world.integrations.values()][0].authorizedLocationUuids;
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
