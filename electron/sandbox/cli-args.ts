// Flag parsing for cli.ts, kept apart so tests can import it without starting a server.
import type { SandboxOptions } from './index';
import { namedReadings, parseReadings, READING_NAMES, readingsFromEnv, type ReadingName } from './readings';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from './seed';

export const USAGE = `usage: npm run sandbox -- [--port N] [--host H] [--access-id ID] [--access-secret SECRET] [--header-prefix P] [--reading default|other] [--readings JSON]
  --port           TCP port, 0 = any free port (default 0)
  --host           interface to bind (default 127.0.0.1)
  --access-id      api_access_id of the demo integration (default ${DEMO_ACCESS_ID})
  --access-secret  api_access_secret of the demo integration (default ${DEMO_ACCESS_SECRET})
  --header-prefix  header-name prefix for X-<prefix>-... headers (default Service)
  --reading        how to answer the spec's open points: 'default' (ours) or 'other' (every point flipped);
                   default from VENUE_SANDBOX_READING, else 'default'
  --readings       single points on top, as JSON, e.g. '{"shiftId":"numeric-breaks-only","pageSize":5}'
                   (every point: docs/sandbox.md)`;

export class UsageError extends Error {}

const FLAGS = {
  '--port': 'port',
  '--host': 'host',
  '--access-id': 'accessId',
  '--access-secret': 'accessSecret',
  '--header-prefix': 'headerPrefix',
  '--reading': 'reading',
  '--readings': 'readings',
} as const;

/** Parses `--flag value` and `--flag=value`; throws UsageError with a sentence on anything else. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SandboxOptions {
  const out: SandboxOptions = {};
  let readings;
  try {
    readings = readingsFromEnv(env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  let points: unknown = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (!(flag in FLAGS)) throw new UsageError(`unknown argument: ${arg}`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) {
      throw new UsageError(`${flag} needs a value`);
    }
    const key = FLAGS[flag as keyof typeof FLAGS];
    if (key === 'port') {
      if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
        throw new UsageError(`--port must be an integer 0-65535, got '${value}'`);
      out.port = Number(value);
    } else if (key === 'headerPrefix') {
      if (!/^[A-Za-z0-9-]{1,64}$/.test(value))
        throw new UsageError('--header-prefix takes letters, digits and dashes only');
      out.headerPrefix = value;
    } else if (key === 'reading') {
      if (!READING_NAMES.includes(value as ReadingName))
        throw new UsageError(`--reading must be one of ${READING_NAMES.join(', ')}`);
      readings = namedReadings(value as ReadingName);
    } else if (key === 'readings') {
      try {
        points = JSON.parse(value);
      } catch {
        throw new UsageError('--readings must be a JSON object');
      }
    } else {
      out[key] = value;
    }
  }
  if (points !== null) {
    try {
      readings = parseReadings(points, readings);
    } catch (err) {
      throw new UsageError(`--readings: ${(err as Error).message}`);
    }
  }
  out.readings = readings;
  return out;
}
