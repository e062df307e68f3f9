// The one serial queue the core uses wherever work must not overlap.
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../electron/core/job-queue';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('JobQueue', () => {
  it('runs jobs one at a time, in the order given', async () => {
    const queue = new JobQueue();
    const seen: string[] = [];
    const first = gate();
    const a = queue.run(async () => {
      seen.push('a starts');
      await first.opened;
      seen.push('a ends');
      return 'a';
    });
    const b = queue.run(() => {
      seen.push('b runs');
      return 'b';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['a starts']);
    first.open();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(seen).toEqual(['a starts', 'a ends', 'b runs']);
  });

  it('a failed job fails its own caller only, and the next job still runs', async () => {
    const queue = new JobQueue();
    const failed = queue.run(() => Promise.reject(new Error('refused')));
    const thrown = queue.run(() => {
      throw new Error('thrown');
    });
    const next = queue.run(() => 'next');
    await expect(failed).rejects.toThrow('refused');
    await expect(thrown).rejects.toThrow('thrown');
    expect(await next).toBe('next');
  });

  it('idle() waits for everything queued so far, and does not reject', async () => {
    const queue = new JobQueue();
    const slow = gate();
    let done = false;
    void queue.run(() => slow.opened.then(() => (done = true)));
    queue.run(() => Promise.reject(new Error('ignored'))).catch(() => {});
    const idle = queue.idle().then(() => done);
    slow.open();
    expect(await idle).toBe(true);
  });
});
