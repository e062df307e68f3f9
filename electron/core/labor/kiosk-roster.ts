// The roster as a kiosk device keeps it for sign-in while the hub is away, and the stamp that names
// one version of it. The hub sends the stamp with every board it pushes (laborView's rosterStamp);
// a kiosk computes the same stamp from its own copy, so a difference means the copy is out of date,
// however the change and the kiosk's last fetch crossed on the wire.
import { createHash } from 'node:crypto';
import type { KioskStaff } from '../../../shared/hub';
import type { StaffRecord } from './roster';

/**
 * Staff only: a manager's PIN approves refunds at any device, so its hash never leaves the hub
 * (a stolen kiosk could try all 4-digit PINs against it). Managers punch when the hub is there.
 */
export function kioskRosterOf(records: StaffRecord[]): KioskStaff[] {
  return records
    .filter((r) => !r.manager)
    .map(({ userId, name, manager, pin, pinTag, roles }) => ({ userId, name, manager, pin, pinTag, roles }));
}

/** Names the copy's content; says nothing of it (the screens see it with the board). */
export function kioskRosterStamp(roster: KioskStaff[]): string {
  return createHash('sha256')
    .update('venue kiosk roster v1\n')
    .update(JSON.stringify(roster))
    .digest('base64url')
    .slice(0, 22);
}
