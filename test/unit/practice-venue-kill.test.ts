// A faithful emulator never forgets a write it acknowledged: the practice venue runs in a child
// process, answers 45 writes with 2xx, and is killed with SIGKILL straight after the last answer.
// Started again on the same file, it has every one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createControlClient } from '../../electron/sandbox/control-client';
import { tempDirs } from '../support';
import { cliScript } from '../support/cli-process';

const root = resolve(import.meta.dirname, '../..');
const temp = tempDirs('venue-practice-kill-');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  temp.removeAll();
});

/** Starts the child; resolves with its base URL once it says it is ready. */
function startChild(stateFile: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [cliScript('test/unit/practice-venue-kill-child.ts'), stateFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise((resolveReady, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const ready = /ready (\S+)\n/.exec(out);
      if (ready) resolveReady({ child, baseUrl: ready[1] });
    });
    child.on('exit', (code, signal) => reject(new Error(`child exited (${code ?? signal}): ${err.slice(-2000)}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolveKilled) => {
    child.once('exit', () => resolveKilled());
    child.kill('SIGKILL');
  });
}

describe('the practice venue across kill -9', () => {
  it('keeps every write it answered 2xx, however soon after the answer the process dies', async () => {
    const stateFile = join(temp.make(), 'practice-venue', 'venue.v8');
    const first = await startChild(stateFile);
    const control = createControlClient(first.baseUrl, fetch);
    const ids = Array.from({ length: 45 }, (_, n) => `kill-test-${n}`);
    // Five at a time, as a busy venue's writes overlap; each is a 201 before the next group goes.
    for (let n = 0; n < ids.length; n += 5) {
      await Promise.all(
        ids.slice(n, n + 5).map((accessId) => control.registerIntegration({ accessId, accessSecret: 's' })),
      );
    }
    await control.advanceClock(90);
    // Killed the moment the last answer is in: no close, no timer had a chance to run.
    await killed(first.child);

    const second = await startChild(stateFile);
    const again = createControlClient(second.baseUrl, fetch);
    const kept = new Set((await again.integrations()).integrations.map((i) => i.accessId));
    const lost = ids.filter((id) => !kept.has(id));
    console.log(
      `[figure] practice venue kill -9: ${ids.length - lost.length} of ${ids.length} acknowledged writes kept`,
    );
    expect(lost).toEqual([]);
    expect((await again.clock()).offsetMs).toBeGreaterThanOrEqual(90_000);
    // It holds the practice venue's secrets and tokens: readable by this user only.
    if (process.platform !== 'win32') expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    await killed(second.child);
  }, 60_000);
});
