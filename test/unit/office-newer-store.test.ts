// An office store written by a newer release is left exactly as it is: an older release does not
// drop a model's tables it does not understand (they may hold rows the 90-day stream no longer
// does), and says which model and version stopped it.
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../../electron/office/office-store';
import { ModelRunner } from '../../electron/office/model-runner';
import { readModels } from '../../electron/office/models';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-office-newer-');
afterAll(() => dirs.removeAll());

it("refuses to start on a newer release's model and keeps its rows", async () => {
  const dir = dirs.make();
  const store = await openStore({ dir });
  try {
    await new ModelRunner(store, readModels()).prepare();
    const tabs = readModels().find((m) => m.name === 'tabs')!;
    const newer = (tabs.version ?? 1) + 1;
    await store.query('update office_model set version = $1 where model = $2', [newer, 'tabs']);
    await store.query("insert into office_applied values ('tabs', 'north', 'kept-by-the-newer-release')");
    await expect(new ModelRunner(store, readModels()).prepare()).rejects.toThrow(
      new RegExp(`tabs was stored by a newer release \\(version ${newer}`),
    );
    const [version] = await store.query<{ version: number }>("select version from office_model where model = 'tabs'");
    expect(Number(version.version)).toBe(newer);
    const kept = await store.query("select * from office_applied where model = 'tabs'");
    expect(kept).toHaveLength(1);
    const tables = await store.query<{ t: string | null }>('select to_regclass(t) as t from unnest($1::text[]) t', [
      tabs.tables,
    ]);
    expect(tables.every((r) => r.t !== null)).toBe(true);
  } finally {
    await store.close();
  }
});
