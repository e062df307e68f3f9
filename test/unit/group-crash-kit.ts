// Shared by the tests that kill a hub of a group mid-refund and start it again: head office on
// loopback with one venue (harbour), the host CLI as a real child process on the hub's own data
// folder, and what the office holds of a refund. After the suite, any host still running is killed
// and a leaf node a killed hub left behind is ended by its own pid, so a failed run leaves none.
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { saveGroupJoin } from '../../electron/core/group/group-join';
import { leftBehindPid } from '../../electron/core/group/leaf-link';
import type { RunningOffice } from '../../electron/office/office';
import { freePort, tempDirs } from '../support';
import { hostCliSuite, type HostCliSuite } from '../support/host-cli-suite';
import type { CliProcess } from '../support/cli-process';
import { groupSetup, startTestOffice, type Venue } from './group-kit';

export interface CrashHost {
  p: CliProcess;
  url: URL;
  cookie: string;
}

export interface HostOptions {
  /** The port the hub listens on for the service's events (default: a free one). */
  webhookPort?: number;
  /** A file holding the webhook signing secret (default: none). */
  webhookSecretFile?: string;
  /** The child's environment (a VENUE_FAULT_* that kills it at one moment). */
  env?: Record<string, string>;
}

export interface GroupCrashSuite {
  readonly suite: HostCliSuite;
  readonly office: RunningOffice;
  /** Makes the hub's data folder and joins it to the group; every host of the suite runs on it. */
  joinHub(): string;
  /** Starts the host on the hub's data folder and waits until it is ready, with its session cookie. */
  host(options?: HostOptions): Promise<CrashHost>;
  /** The leaf node's pid the hub's data folder names, while that process still runs. */
  leafPid(): number | null;
  /** The office's rows for one refund press. */
  refundRows(requestId: string): Promise<{ state: string; amount: number; approvedBy: string | null }[]>;
  /** The refund is once in head office's stream and applied once by the office. */
  expectPublishedOnce(requestId: string): Promise<void>;
}

export function groupCrashSuite(prefix: string, title: string): GroupCrashSuite {
  const suite = hostCliSuite(`venue-${prefix}-`, title);
  const dirs = tempDirs(`venue-${prefix}-office-`);
  let office: RunningOffice | null = null;
  let venue: Venue | null = null;
  let dataDir = '';
  const hosts: CliProcess[] = [];
  const leafPid = () => leftBehindPid(join(dataDir, 'group', 'leaf.pid'), join(dataDir, 'group', 'leaf.conf'));
  const theOffice = () => {
    if (!office) throw new Error('head office starts before the suite');
    return office;
  };

  beforeAll(async () => {
    const officeDir = dirs.make();
    [venue] = await groupSetup(officeDir, 1, ['harbour']);
    office = await startTestOffice(officeDir);
  }, 60_000);

  afterAll(async () => {
    for (const h of hosts) if (h.child.exitCode === null && h.child.signalCode === null) h.child.kill('SIGKILL');
    const pid = dataDir ? leafPid() : null;
    if (pid !== null) process.kill(pid, 'SIGTERM');
    await office?.stop();
    dirs.removeAll();
  });

  return {
    suite,
    get office() {
      return theOffice();
    },
    joinHub() {
      if (!venue) throw new Error('the venue is added before the suite');
      dataDir = join(suite.dir, 'hub');
      saveGroupJoin(dataDir, venue.joinText);
      return dataDir;
    },
    async host({ webhookPort, webhookSecretFile, env = {} } = {}) {
      if (!dataDir) throw new Error('joinHub() comes before the first host');
      const p = suite.run(
        [
          '--port',
          String(await freePort()),
          '--webhook-port',
          String(webhookPort ?? (await freePort())),
          ...(webhookSecretFile ? ['--webhook-secret-file', webhookSecretFile] : []),
          '--data-dir',
          dataDir,
          '--service-url',
          suite.sandbox.baseUrl,
        ],
        env,
      );
      hosts.push(p);
      await p.printed((out) => /ready at /.test(out));
      const url = new URL(/ready at (\S+)/.exec(p.out())![1]);
      const res = await fetch(url, { redirect: 'manual' });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
      return { p, url, cookie };
    },
    leafPid,
    async refundRows(requestId) {
      const rows = await theOffice().store.query<{ state: string; amount: unknown; approved_by_name: string | null }>(
        'select state, amount, approved_by_name from office_refunds where venue_id = $1 and request_id = $2',
        ['harbour', requestId],
      );
      return rows.map((r) => ({ state: r.state, amount: Number(r.amount), approvedBy: r.approved_by_name }));
    },
    async expectPublishedOnce(requestId) {
      const admin = await connect({
        servers: `127.0.0.1:${theOffice().config.nodes[0].clientPort}`,
        user: 'admin',
        pass: theOffice().config.adminPassword,
      });
      try {
        const info = await (
          await jetstreamManager(admin)
        ).streams.info('GROUP', { subjects_filter: 'venue.harbour.tabs.refund' });
        expect(info.state.subjects).toEqual({ 'venue.harbour.tabs.refund': 1 });
      } finally {
        await admin.close();
      }
      const applied = await theOffice().store.query(
        "select msg_id from office_applied where model = 'refunds' and venue_id = 'harbour'",
      );
      expect(applied).toEqual([{ msg_id: `refund:${requestId}:accepted` }]);
    },
  };
}
