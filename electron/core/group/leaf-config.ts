// The venue's leaf node: a nats-server on this computer, loopback only, with JetStream in the
// venue's own domain so the venue's stream lives here and keeps taking the hub's log while the
// link to head office is down. Its one remote is head office's leaf listeners over TLS, checked
// against the group's CA, as the venue's own user (head office's permissions bound what it may
// send). The hub's local client signs in with a password made at each start, which this file
// holds only as its bcrypt hash. The venue's own credential is here in full: it is what the leaf
// node signs in to head office with (the file is private to this user). The server writes its
// pid beside it, so a hub that was killed finds and stops the leaf node it left running.
import type { GroupJoin } from './group-join';
import { venueDomain } from '../../../shared/group';

export interface LeafConfigInput {
  join: GroupJoin;
  port: number;
  storeDir: string;
  caFile: string;
  localUser: string;
  /** The bcrypt hash of the hub's local password. */
  localPasswordHash: string;
  pidFile: string;
}

/** A config-file string: JSON quoting is valid in nats-server's config syntax. */
const q = (text: string) => JSON.stringify(text);

export function leafConfig(input: LeafConfigInput): string {
  const { join: j } = input;
  const credential = `${encodeURIComponent(j.user)}:${encodeURIComponent(j.password)}`;
  const urls = j.leafUrls.map((url) => q(url.replace('tls://', `tls://${credential}@`)));
  return [
    `server_name: ${q(`leaf-${j.venueId}`)}`,
    `listen: ${q(`127.0.0.1:${input.port}`)}`,
    `pid_file: ${q(input.pidFile)}`,
    `jetstream { store_dir: ${q(input.storeDir)}, domain: ${q(venueDomain(j.venueId))} }`,
    // A link that dies silently (a router dropping it) is noticed within ~15 s, not the default 4 min.
    'ping_interval: "5s"',
    'ping_max: 3',
    `authorization { user: ${q(input.localUser)}, password: ${q(input.localPasswordHash)} }`,
    `leafnodes { reconnect: 2, remotes: [ { urls: [${urls.join(', ')}], tls: { ca_file: ${q(input.caFile)} } } ] }`,
    '',
  ].join('\n');
}
