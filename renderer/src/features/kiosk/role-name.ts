// One way to write a role on every screen and in every sentence: the service's name with its first
// letter capitalised (the board, the punch buttons, the confirmation, the staff list and the
// timesheet read the same), and a role the service names only by id said as such, in the reader's
// language, rather than shown as a bare id.
import type { KioskLanguage } from '../../../../shared/labor';
import { KIOSK_NS, kioskI18n } from '../i18n/kiosk-i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the service named this role only by its id (so there is no name to show or offer). */
export function isRoleId(role: string): boolean {
  return UUID.test(role);
}

/** `language`: the kiosk's, where the role is read inside the kiosk; the manager's screens are English. */
export function roleName(role: string | null | undefined, language: KioskLanguage = 'en'): string {
  if (!role) return '';
  if (isRoleId(role)) return kioskI18n.getFixedT(language, KIOSK_NS)('role.idOnly');
  return role.charAt(0).toUpperCase() + role.slice(1);
}
