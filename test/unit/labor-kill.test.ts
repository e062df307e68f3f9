// kill -9 at any moment: a kiosk core in a child process captures a plan of punches and drains
// them under faults, and is SIGKILLed again and again at random moments (mid-capture, mid-send,
// mid-fsync). A last run finishes the plan; the sandbox must hold exactly what was captured.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import type { PlanStep } from './labor-kill-child';
import { HARBOUR, modelFromPunches, rng, sleep, tempDir, verifyAgainstModel } from './labor-test-kit';
import { cliScript } from '../support/cli-process';

const root = resolve(import.meta.dirname, '../..');

function makePlan(people: string[], perPerson: number, random: () => number): PlanStep[] {
  const queues = people.map((userId) => {
    const steps: PlanStep[] = [];
    for (let shift = 0; steps.length < perPerson; shift++) {
      steps.push({ punchId: randomUUID(), userId, action: 'punch-in' });
      if (random() < 0.6) {
        steps.push({ punchId: randomUUID(), userId, action: 'break-start' });
        // Sometimes punch out straight from the break (the core ends the break first).
        if (random() < 0.7) steps.push({ punchId: randomUUID(), userId, action: 'break-end' });
      }
      steps.push({ punchId: randomUUID(), userId, action: 'punch-out', tips: Math.floor(random() * 5000) });
    }
    return steps;
  });
  const plan: PlanStep[] = [];
  while (queues.some((q) => q.length > 0)) {
    const q = queues.filter((x) => x.length > 0)[Math.floor(random() * queues.filter((x) => x.length > 0).length)];
    plan.push(q.shift()!);
  }
  return plan;
}

function runChild(
  dataDir: string,
  baseUrl: string,
  planFile: string,
): { child: ChildProcess; done: Promise<string | null> } {
  const child = spawn(process.execPath, [cliScript('test/unit/labor-kill-child.ts'), dataDir, baseUrl, planFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const done = new Promise<string | null>((resolveDone, reject) =>
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') return resolveDone(null);
      if (code !== 0) return reject(new Error(`child exited with ${code}: ${err.slice(-2000)}`));
      resolveDone(out);
    }),
  );
  return { child, done };
}

describe('labor outbox across kill -9', () => {
  let sb: RunningSandbox;
  let dir: string;

  beforeEach(async () => {
    sb = await startSandbox();
    dir = tempDir();
  });
  afterEach(async () => {
    await sb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses and doubles nothing when the process is killed at random moments', async () => {
    const random = rng(42);
    for (const userId of ['3001', '3002', '3003']) {
      sb.world.staff.push({
        userId,
        name: `Temp ${userId}`,
        locationUuid: HARBOUR.uuid,
        roleUuid: SEED_ROLES.bartender,
        role: 'bartender',
      });
    }
    const plan = makePlan(['2004', '2006', '3001', '3002', '3003'], 12, random);
    const planFile = join(dir, 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const dataDir = join(dir, 'core');
    const modes = ['commit-lose-response', 'status500', 'reset', 'delay'] as const;
    for (let i = 0; i < 24; i++) {
      sb.world.faults.add({
        route: i % 2 ? 'POST /api/loc/:location/labor/entries' : 'PATCH /api/loc/:location/labor/entries/:entry',
        mode: modes[i % modes.length],
        delayMs: 600,
        count: 2,
      });
    }

    let kills = 0;
    for (let round = 0; round < 7; round++) {
      const { child, done } = runChild(dataDir, sb.baseUrl, planFile);
      // Kill somewhere between start-up and the middle of the drain.
      await sleep(600 + Math.floor(random() * 900));
      child.kill('SIGKILL');
      const out = await done;
      if (out === null) kills += 1;
    }
    const last = runChild(dataDir, sb.baseUrl, planFile);
    const out = await last.done;
    expect(out).toMatch(/^drained /m);
    const punches = JSON.parse(out!.slice(out!.indexOf('drained ') + 8)) as {
      id: string;
      seq: number;
      kind: string;
      userId: string;
      capturedAt: number;
      tips: number | null;
      status: string;
    }[];

    expect(kills, 'kills that landed while the child was still working').toBeGreaterThanOrEqual(5);
    // Every planned punch was captured exactly once (a restarted child skips the ones it has).
    for (const step of plan)
      expect(
        punches.filter((p) => p.id === step.punchId),
        step.punchId,
      ).toHaveLength(1);
    expect(punches.every((p) => p.status === 'done')).toBe(true);
    verifyAgainstModel(sb, modelFromPunches([...punches].sort((a, b) => a.seq - b.seq)));
  }, 60_000);
});
