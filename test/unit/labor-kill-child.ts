// Child process for labor-kill.test.ts: a kiosk core that captures a fixed plan of punches (each
// with its own id, so a restarted child skips those already captured) and drains the outbox,
// until the parent kills it with SIGKILL. Prints "drained <json>" once everything is sent.
import { readFileSync } from 'node:fs';
import type { PunchAction } from '../../shared/labor';
import { ServiceClient } from '../../electron/core/api/service-client';
import { LaborService } from '../../electron/core/labor/labor-service';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_ROLES } from '../../electron/sandbox/seed';
import { readingsFromEnv } from '../../electron/sandbox/readings';
import { FAST_TUNING, HARBOUR } from './labor-test-constants';

export interface PlanStep {
  punchId: string;
  userId: string;
  action: PunchAction;
  tips?: number;
}

const [dataDir, baseUrl, planFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as PlanStep[];
const client = new ServiceClient({
  baseUrl,
  accessId: DEMO_ACCESS_ID,
  accessSecret: DEMO_ACCESS_SECRET,
  secrets: new MemorySecretStore(),
  timeoutMs: 250,
});
const labor = new LaborService({
  dataDir,
  api: () => client,
  tuning: FAST_TUNING,
  money: () => ({ unit: readingsFromEnv().moneyNumbers }),
});
if (!labor.settings().location) labor.saveSettings({ location: HARBOUR });
await labor.start();

for (const step of plan) {
  if (labor.outbox.has(step.punchId)) continue;
  labor.capture(step.userId, {
    punchId: step.punchId,
    action: step.action,
    role: step.action === 'punch-in' ? { role: 'bartender', roleUuid: SEED_ROLES.bartender } : undefined,
    declaredTipsCents: step.tips,
  });
  await new Promise((resolve) => setTimeout(resolve, 15));
}

for (;;) {
  const s = labor.view().outbox;
  if (s.pending + s.blocked + s.failed === 0) break;
  if (s.pending === 0) {
    // Parked punches would wait for a manager forever: report them and fail.
    process.stderr.write(`parked: ${JSON.stringify(labor.outboxItems())}\n`);
    process.exit(3);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const punches = labor.outbox.all().map((x) => ({
  id: x.p.id,
  seq: x.p.seq,
  kind: x.p.kind,
  userId: x.p.userId,
  capturedAt: x.p.capturedAt,
  tips: x.p.declaredTips,
  status: x.status,
}));
process.stdout.write(`drained ${JSON.stringify(punches)}\n`);
await labor.stop();
client.dispose();
