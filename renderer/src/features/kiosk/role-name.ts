// One way to write a role on every screen: the service's name with its first letter capitalised
// (the board, the staff list, the timesheet and its filter read the same), and a role the service
// names only by id said as such rather than shown as a bare id.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function roleName(role: string | null | undefined): string {
  if (!role) return '';
  if (UUID.test(role)) return 'Role known only by its id';
  return role.charAt(0).toUpperCase() + role.slice(1);
}
