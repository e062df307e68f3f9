// One nats-server child process, watched: started on a config file, ready once its client port
// answers, and started again (with a growing pause) whenever it exits without being asked to. The
// hub runs its leaf node this way; the office's own servers and the tests use it too.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { natsServerBinary } from './nats-server-binary';

export interface NatsProcessOptions {
  configFile: string;
  /** The client port the config listens on (loopback): readiness is a TCP connect there. */
  port: number;
  log?: (line: string) => void;
  /** A name for log lines. */
  name: string;
  /** Restart after an unasked exit (default true). */
  watch?: boolean;
}

const READY_TIMEOUT_MS = 15_000;
const RESTART_MIN_MS = 500;
const RESTART_MAX_MS = 15_000;

export class NatsProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private pause = RESTART_MIN_MS;
  /** Starts since the first: a test or the status heartbeat can tell a restart happened. */
  restarts = 0;

  constructor(private readonly options: NatsProcessOptions) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async start(): Promise<void> {
    this.stopping = false;
    this.spawnOnce();
    await waitForPort(this.options.port, READY_TIMEOUT_MS);
  }

  private spawnOnce(): void {
    const log = this.options.log ?? (() => {});
    const child = spawn(natsServerBinary(), ['-c', this.options.configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let tail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => log(`${this.options.name}: could not start nats-server: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopping || this.options.watch === false) return;
      const last = tail.trim().split('\n').slice(-2).join(' | ');
      log(`${this.options.name}: nats-server exited (${signal ?? code}); starting it again. ${last}`);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (this.stopping) return;
        this.restarts += 1;
        this.spawnOnce();
      }, this.pause);
      this.pause = Math.min(this.pause * 2, RESTART_MAX_MS);
    });
    // A run that lasts a minute resets the pause: only a server that keeps failing waits longer.
    setTimeout(() => {
      if (this.child === child) this.pause = RESTART_MIN_MS;
    }, 60_000).unref();
  }

  /** Ends it (SIGTERM, then SIGKILL after a while) and waits for the exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  /** Kills it at once, as a crash would (tests); the watch starts it again unless stopped. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    this.child?.kill(signal);
  }
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`nats-server did not listen on 127.0.0.1:${port} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
