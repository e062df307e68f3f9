// The labor part of the contract, implemented on the LaborService. Every staff action checks a
// session opened by a PIN (or a tapped name), every manager action a manager's session.
import type { LaborRequests } from '../../../shared/contract/labor';
import type { StaffSession } from '../../../shared/labor';
import { editEntry } from './edit-entry';
import type { LaborService } from './labor-service';
import { loadTimesheet } from './timesheet';

type Handlers = { [K in keyof LaborRequests]: (...args: LaborRequests[K]['args']) => Promise<LaborRequests[K]['result']> };

export function laborHandlers(labor: LaborService): Handlers {
  const { roster, sessions } = labor;
  const manager = (token: string) => sessions.require(token, true);

  const sessionView = (userId: string, isManager: boolean): StaffSession => {
    const s = sessions.open(userId, isManager);
    const member = roster.get(userId);
    const loc = labor.settings().location;
    return {
      token: s.token,
      userId,
      name: roster.nameOf(userId),
      manager: isManager,
      roles: (member?.roles ?? []).filter((r) => r.locationUuid === loc?.uuid).map(({ role, roleUuid }) => ({ role, roleUuid })),
      expiresAt: s.expiresAt,
    };
  };

  const wrongPin = (): never => {
    const locked = sessions.recordWrongPin();
    labor.emitNow();
    throw new Error(locked ? 'Too many wrong PINs: the pad is locked for 30 s' : 'That PIN is not recognised');
  };

  return {
    laborView: async () => labor.view(),
    laborLocations: () => labor.locations(),
    laborSetLocation: async (token, location) => {
      if (labor.settings().location !== null) {
        if (!token) throw new Error("Only a manager can change this kiosk's location");
        manager(token);
      }
      labor.saveSettings({ location });
      return labor.view();
    },
    laborIdentify: async (input) => {
      sessions.assertUnlocked();
      if (!('userId' in input)) {
        const member = await roster.identifyByPin(input.pin);
        if (!member) return wrongPin();
        sessions.recordGoodPin();
        return sessionView(member.userId, member.manager);
      }
      const member = roster.get(input.userId);
      if (!member) throw new Error('That person is not on this kiosk’s roster');
      if (input.pin !== undefined) {
        if (!(await roster.verify(member.userId, input.pin))) return wrongPin();
        sessions.recordGoodPin();
        return sessionView(member.userId, member.manager);
      }
      if (member.pin && labor.settings().settings.nameTapNeedsPin) throw new Error('Enter your PIN');
      // No PIN checked: staff rights only, never a manager's.
      return sessionView(member.userId, false);
    },
    laborSetupManager: async (input) => {
      if (!roster.needsManagerSetup()) throw new Error('A manager already exists; sign in with a manager PIN');
      const loc = labor.settings().location;
      const existing = roster.get(input.userId);
      roster.upsert({
        userId: input.userId,
        name: input.name,
        manager: true,
        roles: existing?.roles ?? (loc ? [{ locationUuid: loc.uuid, role: 'manager', roleUuid: null }] : []),
      });
      await roster.setPin(input.userId, input.pin);
      labor.emitNow();
      return sessionView(input.userId, true);
    },
    laborEndSession: async (token) => {
      sessions.end(token);
      return null;
    },
    laborPunch: async (token, input) => labor.capture(sessions.require(token).userId, input),
    laborRefreshBoard: async () => {
      await labor.refreshBoard();
      return labor.view();
    },
    laborSyncNow: async () => {
      labor.syncNow();
      return labor.view();
    },
    laborTimesheet: async (token, query) => {
      manager(token);
      const ctx = labor.apiContext();
      const unsynced = labor.outboxItems().filter((i) => {
        const day = ctx.fiscalDayOf(i.capturedAt);
        return day >= query.fromDay && day <= query.toDay;
      });
      return loadTimesheet(query, { ctx, audit: labor.audit, nameOf: (id) => roster.nameOf(id), unsynced, now: Date.now() });
    },
    laborEditEntry: async (token, entryUuid, patch) => {
      const s = manager(token);
      const roleName = (uuid: string) => roster.views().flatMap((m) => m.roles).find((r) => r.roleUuid === uuid)?.role ?? null;
      const outcome = await editEntry(labor.apiContext(), entryUuid, patch, roleName);
      labor.audit.add(entryUuid, { userId: s.userId, name: roster.nameOf(s.userId) }, outcome.changes, Date.now());
      void labor.refreshBoard();
      return { ...outcome.after, name: roster.nameOf(outcome.after.userId), audit: labor.audit.forEntry(entryUuid) };
    },
    laborSaveSettings: async (token, settings) => {
      manager(token);
      labor.saveSettings({ settings });
      return labor.view();
    },
    laborStaff: async (token) => {
      manager(token);
      return roster.views();
    },
    laborSaveStaff: async (token, input) => {
      manager(token);
      roster.upsert(input);
      labor.emitNow();
      return roster.views();
    },
    laborRemoveStaff: async (token, userId) => {
      const s = manager(token);
      if (s.userId === userId) throw new Error('You cannot remove yourself while signed in');
      roster.remove(userId);
      labor.emitNow();
      return roster.views();
    },
    laborSetPin: async (token, userId, pin) => {
      manager(token);
      await roster.setPin(userId, pin);
      labor.emitNow();
      return roster.views();
    },
    laborOutbox: async (token) => {
      manager(token);
      return labor.outboxItems();
    },
    laborRetryPunch: async (token, punchId) => {
      const s = manager(token);
      labor.retryPunch(punchId, `${roster.nameOf(s.userId)} (${s.userId})`);
      return labor.outboxItems();
    },
    laborDiscardPunch: async (token, punchId) => {
      const s = manager(token);
      labor.discardPunch(punchId, `${roster.nameOf(s.userId)} (${s.userId})`);
      return labor.outboxItems();
    },
  };
}
