// Work that must not overlap (two saves starting two sandboxes, two kiosks interleaving one
// person's punches) goes through one of these: jobs run one at a time, in the order given.

export class JobQueue {
  /** Settles when the last job queued so far has settled; never rejects. */
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `job` once every job queued before it has settled, whatever that ended in; its result or error is the caller's alone. */
  run<T>(job: () => T | Promise<T>): Promise<T> {
    const result = this.tail.then(() => job());
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every job queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
