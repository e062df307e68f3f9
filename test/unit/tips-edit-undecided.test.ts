// A manager's timesheet edit of declared tips against a real service (a sandbox) whose "number"
// fields are dollars and whose unit nobody confirmed: the edit waits (conflict, money unit) and
// the service's entry is untouched, since $12.50 sent as 1250 would be stored as $1,250.00; once
// the unit is confirmed the same edit stores $12.50. An edit of times alone goes either way.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { namedReadings } from '../../electron/sandbox/readings';
import { laborHandlers } from '../../electron/core/labor/labor-handlers';
import { tipsMoney } from '../../electron/core/labor/tips-money';
import { MoneyUnits } from '../../electron/core/money/money-units';
import { AppError } from '../../shared/app-error';
import { MONEY_UNIT_CONFLICT } from '../../shared/money-units';
import { addLaborEntry, startLabor, tempDir, type RunningLabor } from './labor-test-kit';

let sb: RunningSandbox;
let dir: string;
let running: RunningLabor;
let money: MoneyUnits;

beforeEach(async () => {
  sb = await startSandbox({ readings: { ...namedReadings('default'), moneyNumbers: 'dollars' } });
  dir = tempDir();
  money = new MoneyUnits(null);
  running = await startLabor(sb, dir, { demoStaff: true, money: () => tipsMoney(money) });
});
afterEach(async () => {
  await running.stop();
  await sb.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an edit of tips waits while their unit is not decided, then stores them as entered', async () => {
  const now = sb.world.clock.nowMs();
  const shift = addLaborEntry(sb, { punchInMs: now - 4 * 3_600_000, punchOutMs: now - 3_600_000, declaredTips: null });
  const stored = () => sb.world.labor.all().find((e) => e.uuid === shift.uuid);
  const m = await laborHandlers(running.labor).laborIdentify({ pin: '9999' });

  let refusal: unknown = null;
  try {
    await running.labor.editEntry(m.token, shift.uuid, { declaredTips: 1250, reason: 'tips left off' });
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(AppError);
  expect((refusal as AppError).kind).toBe('conflict');
  expect((refusal as AppError<'conflict'>).data.what).toBe(MONEY_UNIT_CONFLICT);
  expect(stored()?.declaredTips, 'nothing written').toBeNull();

  // Times carry no money: they go while the unit is open.
  const punchOut = now - 2 * 3_600_000;
  await running.labor.editEntry(m.token, shift.uuid, { punchOut, reason: 'left early' });
  expect(stored()?.punchOutMs).toBe(punchOut);

  money.choose('numbers', 'dollars');
  await running.labor.editEntry(m.token, shift.uuid, { declaredTips: 1250, reason: 'tips left off' });
  expect(stored()?.declaredTips, '$12.50, not $1,250.00').toBe(1250);
});
