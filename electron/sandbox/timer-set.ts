// Every timer a sandbox part starts (webhook retries, gift-card issuance, simulated guests) goes
// through one of these, so reset() and dispose() can stop them all.

export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();

  later(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    // The server keeps the process alive; a pending retry alone should not.
    t.unref();
    this.timers.add(t);
    return t;
  }

  every(ms: number, fn: () => void): NodeJS.Timeout {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.add(t);
    return t;
  }

  clear(t: NodeJS.Timeout): void {
    clearTimeout(t);
    clearInterval(t);
    this.timers.delete(t);
  }

  clearAll(): void {
    for (const t of this.timers) {
      clearTimeout(t);
      clearInterval(t);
    }
    this.timers.clear();
  }
}
