// `npm run office -- <command>`: head office's tool.
//   setup --group NAME [--nodes 1|3] [--host H] [--http-port P] [--database-url postgres://…]
//   add-venue ID "Name"      the venue's credential, and the one file its manager joins with
//   start                    servers, read models and the office page (the default)
//   rebuild MODEL            empties a read model; the next start replays it from the stream
// Every command takes --dir (default: VENUE_OFFICE_DIR, else ~/.venue-office).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { addVenue, setupOffice } from './group-setup';
import { ensureGroupStream } from './hq-servers';
import { loadOfficeConfig, officePaths } from './office-config';
import { startOffice } from './office';
import { readModels } from './models';
import { openStore } from './office-store';
import { ModelRunner } from './model-runner';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string' },
    group: { type: 'string' },
    nodes: { type: 'string' },
    host: { type: 'string' },
    'http-port': { type: 'string' },
    'database-url': { type: 'string' },
    'no-servers': { type: 'boolean' },
  },
});
const dir = values.dir ?? process.env.VENUE_OFFICE_DIR ?? join(homedir(), '.venue-office');
const [command = 'start', ...rest] = positionals;

/** Running servers read their config again (a new venue's user) on SIGHUP. */
function reloadServers(): void {
  try {
    const pids = JSON.parse(readFileSync(join(dir, 'servers.json'), 'utf8')) as Record<string, number>;
    for (const pid of Object.values(pids)) {
      try {
        process.kill(pid, 'SIGHUP');
      } catch {
        // Not running: it reads the new config when it starts.
      }
    }
  } catch {
    // No servers started from here yet.
  }
}

async function main(): Promise<void> {
  if (command === 'setup') {
    const config = await setupOffice(dir, {
      group: values.group ?? 'Our venues',
      nodes: Number(values.nodes ?? 1),
      host: values.host,
      httpPort: values['http-port'] ? Number(values['http-port']) : undefined,
      databaseUrl: values['database-url'] ?? null,
    });
    console.log(`Head office set up in ${dir}: ${config.nodes.length} server(s), the page on port ${config.httpPort}.`);
    console.log('Next: npm run office -- add-venue <id> "<name>" for each venue, then npm run office.');
  } else if (command === 'add-venue') {
    const [venueId, name] = rest;
    if (!venueId) throw new Error('Usage: npm run office -- add-venue <id> "<name>"');
    const { file } = addVenue(dir, venueId, name ?? venueId);
    reloadServers();
    await ensureGroupStream(loadOfficeConfig(dir)).catch(() => {
      // Servers not running: the office adds the venue's stream when it starts.
    });
    console.log(`Venue ${venueId} added. Give its manager this file (it holds the venue's credential):\n  ${file}`);
    console.log(`On the venue's hub: npm run group-join -- ${file} --data-dir <the hub's data folder>`);
  } else if (command === 'rebuild') {
    const model = readModels().find((m) => m.name === rest[0]);
    if (!model)
      throw new Error(
        `Which model? ${readModels()
          .map((m) => m.name)
          .join(', ')}`,
      );
    const config = loadOfficeConfig(dir);
    const store = await openStore(
      config.databaseUrl ? { url: config.databaseUrl } : { dir: officePaths(dir).database },
    );
    await ModelRunner.clear(store, model);
    await store.close();
    console.log(`${model.name} emptied: the next start replays it from the start of the stream.`);
  } else if (command === 'start') {
    const office = await startOffice({
      dir,
      servers: !values['no-servers'],
      httpPort: values['http-port'] ? Number(values['http-port']) : undefined,
    });
    const stop = () => void office.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    throw new Error(`Unknown command ${command}: setup, add-venue, start or rebuild`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
