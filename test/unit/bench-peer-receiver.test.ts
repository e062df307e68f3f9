// The bench's conventional receiver (bench/peer-receiver.ts) must do the work its row claims, or
// the peer ratio compares against nothing: a signed event is on disk when it answers 200, and a
// wrong signature or a body that is not JSON is refused and not stored.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPeerReceiver, type PeerReceiver } from '../../bench/peer-receiver';
import { BENCH_SECRET, signedDelivery } from '../../bench/envelopes';
import { signBody } from '../../electron/core/webhooks';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-peer-');
let peer: PeerReceiver | null = null;
afterEach(async () => {
  await peer?.close();
  peer = null;
  dirs.removeAll();
});

describe('bench conventional receiver', () => {
  it('stores a signed event before its 200 and refuses bad signatures and bodies', async () => {
    const dir = dirs.make();
    peer = await startPeerReceiver(BENCH_SECRET, dir);
    const url = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}/webhooks`;
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', body, headers }).then((r) => r.status);

    const good = signedDelivery();
    expect(await post(good.body, good.headers)).toBe(200);
    const stored = readFileSync(join(dir, 'webhooks.ndjson'), 'utf8').trim().split('\n');
    expect(stored).toHaveLength(1);
    expect((JSON.parse(stored[0]) as { event: unknown }).event).toEqual(JSON.parse(good.body));

    const other = signedDelivery('another-secret');
    expect(await post(other.body, other.headers)).toBe(401);
    const broken = `${signedDelivery().body}}`;
    expect(await post(broken, { 'x-service-signature': signBody(broken, BENCH_SECRET) })).toBe(400);
    expect(peer.stored()).toBe(1);
    expect(readFileSync(join(dir, 'webhooks.ndjson'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
