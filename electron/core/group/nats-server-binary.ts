// Where Debian's `nats-server` is: VENUE_NATS_SERVER when set, else the first of the usual places
// (a non-root PATH often lacks /usr/sbin, where the Debian package puts it).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const USUAL = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'];

export function natsServerBinary(): string {
  const forced = process.env.VENUE_NATS_SERVER;
  if (forced) return forced;
  const onPath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nats-server'));
  const found = [...onPath, ...USUAL].find((path) => existsSync(path));
  if (!found) throw new Error('nats-server is not installed: apt-get install nats-server (or set VENUE_NATS_SERVER)');
  return found;
}
