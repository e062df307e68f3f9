// The authority part of the contract: a manager lifts a device's PIN lockout, closes pairing, and
// decides the punches the hub holds for review. The access table has already checked that the
// token is a manager's session on the asking device; the handlers re-read who it is for records.
// The screens also ask here whether settings are open to them (access-guard.ts decides the same).
import type { HandlersOf } from '../../shared/contract';
import type { AuthorityRequests } from '../../shared/contract/authority';
import { AppError } from '../../shared/app-error';
import type { LaborService } from './labor/labor-service';
import type { HubService } from './hub/hub-service';
import type { PunchReview } from './hub/punch-review';
import type { SettingsAccess } from '../../shared/authority';
import { currentCaller } from './caller';

export function authorityHandlers(
  labor: LaborService,
  hub: HubService | null,
  review: PunchReview | null,
): HandlersOf<AuthorityRequests> {
  const needHub = (): { hub: HubService; review: PunchReview } => {
    if (!hub || !review) throw new AppError('not-found', 'This device is not the venue hub', { what: 'hub' });
    return { hub, review };
  };
  const settingsAccess = (): SettingsAccess => {
    const caller = currentCaller();
    const manager = labor.access.sessions.managerOn(caller.deviceId);
    const mayRepair = caller.deviceRole === 'local' && !labor.lockedDown();
    const damaged = labor.roster.unreadable;
    return {
      open: mayRepair && labor.roster.needsManagerSetup(),
      manager: manager && {
        userId: manager.userId,
        name: labor.roster.nameOf(manager.userId),
        expiresAt: manager.expiresAt,
      },
      ...(mayRepair && damaged ? { damagedRoster: { keptAs: damaged.keptAs } } : {}),
    };
  };
  return {
    settingsAccess: async () => settingsAccess(),
    settingsSignOut: async () => {
      labor.access.sessions.endManagers(currentCaller().deviceId);
      return settingsAccess();
    },
    laborSetRosterAside: async () => (labor.setRosterAside(), settingsAccess()),
    laborLiftLockout: async (token, deviceId) => (labor.access.liftLockout(token, deviceId), labor.view()),
    hubClosePairing: async (token) => {
      labor.access.requireManager(token);
      return needHub().hub.closePairing();
    },
    hubReview: async (token) => {
      labor.access.requireManager(token);
      return needHub().review.view();
    },
    hubReviewDecide: async (token, punchId, decision) => {
      const by = labor.access.who(labor.access.requireManager(token));
      return needHub().review.decide(punchId, decision, by);
    },
    hubReviewDecideMany: async (token, punchIds, decision) => {
      const by = labor.access.who(labor.access.requireManager(token));
      return needHub().review.decideMany(punchIds, decision, by);
    },
    hubReviewPurgeDevice: async (token, deviceId) => {
      const by = labor.access.who(labor.access.requireManager(token));
      const { hub: venueHub, review: queue } = needHub();
      const { view, rejected, removed } = queue.purgeDevice(deviceId);
      const name = venueHub.registry.get(deviceId)?.name ?? deviceId;
      venueHub.logLine(
        `${by.name} (${by.userId}) purged the review list of device "${name}": ${rejected} held punches rejected, ${removed} entries removed`,
      );
      return view;
    },
    hubSaveReviewRules: async (token, rules) => {
      labor.access.requireManager(token);
      return needHub().review.saveRules(rules);
    },
  };
}
