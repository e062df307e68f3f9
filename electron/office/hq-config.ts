// One head-office server's nats-server config. The GROUP account holds JetStream (domain "hq")
// and three kinds of user, whose limits the server enforces, not our code:
// - admin: makes the GROUP stream and adds each venue's stream as a source (setup only);
// - office: reads only: it may create consumers and read stream info, nothing that writes;
// - venue-<id>: the venue's leaf connection. It may send only its own subjects, the replies of
//   its JetStream API and the source consumer's deliveries ($JS.S.…, $JSC.R.…), and receive only
//   calls to its own domain's API and flow control. Another venue's subjects or API are refused.
// Leaf connections are TLS with the group CA's certificate; everything else binds `bind`. Every
// password here is a bcrypt hash (nats-server checks a client's password against it), so the
// file gives away no credential.
import type { OfficeConfig, OfficeNode } from './office-config';
import { HEAD_OFFICE_DOMAIN, venueDomain } from '../../shared/group';

export interface HqConfigInput {
  office: OfficeConfig;
  node: OfficeNode;
  storeDir: string;
  certFile: string;
  keyFile: string;
}

const q = (text: string) => JSON.stringify(text);
const list = (items: string[]) => `[${items.map(q).join(', ')}]`;

/** What a read-only office user may send: consumer calls, stream info, acks. */
export const OFFICE_PUBLISH = [
  '$JS.API.CONSUMER.CREATE.>',
  '$JS.API.CONSUMER.DURABLE.CREATE.>',
  '$JS.API.CONSUMER.INFO.>',
  '$JS.API.CONSUMER.MSG.NEXT.>',
  '$JS.API.CONSUMER.DELETE.>',
  '$JS.API.STREAM.INFO.>',
  '$JS.API.STREAM.NAMES',
  '$JS.API.STREAM.LIST',
  '$JS.API.INFO',
  '$JS.ACK.>',
  '$JS.FC.>',
];

export function venueUser(venueId: string): string {
  return `venue-${venueId}`;
}

function venueEntry(venueId: string, passwordHash: string): string {
  const publish = list([`venue.${venueId}.>`, '$JS.S.>', '$JSC.R.>']);
  const subscribe = list([`$JS.${venueDomain(venueId)}.API.>`, '$JS.FC.>']);
  return `{ user: ${q(venueUser(venueId))}, password: ${q(passwordHash)}, permissions: { publish: { allow: ${publish} }, subscribe: { allow: ${subscribe} } } }`;
}

export function hqConfig(input: HqConfigInput): string {
  const { office, node } = input;
  const routes = office.nodes
    .filter((n) => n.name !== node.name)
    .map((n) => `nats-route://${office.bind}:${n.clusterPort}`);
  const users = [
    `{ user: "admin", password: ${q(office.hashes.admin)} }`,
    `{ user: "office", password: ${q(office.hashes.office)}, permissions: { publish: { allow: ${list(OFFICE_PUBLISH)} }, subscribe: { allow: ["_INBOX.>"] } } }`,
    ...office.venues.map((v) => venueEntry(v.venueId, v.passwordHash)),
  ];
  return [
    `server_name: ${q(node.name)}`,
    `listen: ${q(`${office.bind}:${node.clientPort}`)}`,
    `jetstream { store_dir: ${q(input.storeDir)}, domain: ${q(HEAD_OFFICE_DOMAIN)} }`,
    office.nodes.length > 1
      ? `cluster { name: "hq", listen: ${q(`${office.bind}:${node.clusterPort}`)}, routes: ${list(routes)} }`
      : '',
    `leafnodes { listen: ${q(`${office.bind}:${node.leafPort}`)}, tls { cert_file: ${q(input.certFile)}, key_file: ${q(input.keyFile)}, timeout: 5 } }`,
    'accounts {',
    `  SYS { users: [ { user: "sys", password: ${q(office.hashes.system)} } ] }`,
    `  GROUP { jetstream: enabled, users: [\n    ${users.join(',\n    ')}\n  ] }`,
    '}',
    'system_account: SYS',
    '',
  ].join('\n');
}
