// The tab pass object of spec 2.3 as GET …/tabs/passes/{x_pass_id} returns it. spend_limit and
// spent exist only where the location has tab_pass_spend_limits on: the keys are left out, not
// nulled, because null spend_limit already means "no limit".
import type { TabPass } from '../model';
import type { SandboxWorld } from '../world';
import { limitsEnabled, passSpent } from './pass-spend';
import { centsOut } from './money-reading';

export function passView(world: SandboxWorld, pass: TabPass) {
  const view: Record<string, unknown> = {
    x_pass_id: pass.xPassId,
    name: pass.name,
    location_uuid: pass.locationUuid,
    tab_uuid: world.tabs.passTabs.get(pass.xPassId) ?? null,
    status: 'ACTIVE',
  };
  if (limitsEnabled(world, pass)) {
    view.spend_limit = pass.spendLimit
      ? { amount: pass.spendLimit.amount, enforce_mode: pass.spendLimit.enforce }
      : null;
    // spent is a "number" (its family's unit); the limit is cents by the spec.
    view.spent = centsOut(world, 'numbers', passSpent(world, pass));
  }
  return view;
}
