// `npm run group-join -- <file> --data-dir <dir>`: a venue's manager joins the hub to the group
// with the one file head office gave them. The hub publishes from its next start.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { saveGroupJoin } from './group-join';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
const [file] = positionals;
const dataDir = values['data-dir'];
if (!file || !dataDir) {
  console.error('Usage: npm run group-join -- <venue>.group.json --data-dir <the hub data folder>');
  process.exit(2);
}
try {
  const joined = saveGroupJoin(dataDir, readFileSync(file, 'utf8'));
  console.log(`This hub is venue "${joined.venueName}" (${joined.venueId}) of ${joined.group}: restart it to publish.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
