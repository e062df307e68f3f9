// A burst of PIN checks must not hold up webhook answers. scrypt runs on libuv's small thread
// pool, which the event log's fsync shares: were every check hashed at once, a delivery's answer
// would wait behind them (31.9 s was measured for 300 checks, past the service's 10 s timeout).
// PIN checks run one at a time, so the log always has pool threads left. The assertion is about
// order (the answers come while nearly all checks still wait) with a generous bound, not timing.
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { tempDirs } from '../support';
import { HARBOUR } from './labor-test-constants';
import { deliver, envelope } from './webhook-fixtures';

const dirs = tempDirs('venue-pinburst-');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

describe('PIN checks and webhook answers', () => {
  it('answers webhooks within seconds while 300 PIN checks wait their turn', async () => {
    const app: App = await createApp({
      dataDir: dirs.make(),
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      // A real service that is not there: no practice venue, so deliveries here are unsigned.
      serviceUrl: 'http://127.0.0.1:9',
      accessId: 'a',
      accessSecret: 'b',
      // An eighth of the shipped scrypt cost keeps the test's CPU use down (the 300 checks, one at a
      // time, are still seconds of work); the pool use is the same.
      labor: { scryptN: 2048, boardRefreshMs: 0 },
    });
    cleanups.push(() => app.stop());
    await app.start();
    await app.handlers.laborSetLocation(null, HARBOUR);
    await app.handlers.laborSetupManager({ userId: 'm1', name: 'Morgan', pin: '2468' });
    const url = app.webhooks.status().url!;

    let finished = 0;
    const checks = Array.from({ length: 300 }, () =>
      app.handlers.laborIdentify({ pin: '2468' }).then(
        () => void (finished += 1),
        () => void (finished += 1),
      ),
    );
    const answers: { ms: number; finishedBefore: number; status: number }[] = [];
    for (let n = 0; n < 5; n++) {
      const start = performance.now();
      const reply = await deliver(
        url,
        envelope('GUEST_SUBSCRIBED', { targetUuid: `burst-${n}`, data: { handle: `h${n}` } }, new Date().toISOString()),
        null,
      );
      answers.push({ ms: Math.round(performance.now() - start), finishedBefore: finished, status: reply.status });
    }
    console.log(
      `[figure] PIN burst: 300 PIN checks queued; 5 webhook answers in ${answers.map((a) => `${a.ms} ms`).join(', ')} with ${answers[4].finishedBefore} of 300 checks done by the last`,
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.ms).toBeLessThan(5_000);
    }
    // The answers did not wait for the burst: most checks were still queued when the last came.
    // (Hashed all at once, the 300 scrypt jobs would sit in the pool queue ahead of the log's
    // fsync, and nearly all would be done before any answer.)
    expect(answers[4].finishedBefore).toBeLessThan(150);
    await Promise.all(checks);
    expect(finished).toBe(300);
  }, 60_000);
});
