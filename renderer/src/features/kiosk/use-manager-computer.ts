// Whether this computer was set up as a manager's computer (or the venue hub, a manager's too) at
// its first start: its kiosk screen then asks for a location in a manager's words and goes on to
// the manager's PIN, not to a staff pad nobody at this desk uses. Asked once per screen; a device
// that cannot tell (no answer yet, or none) is treated as a kiosk.
import { api } from '../../api-context';
import { useRequest } from '../../hooks/use-request';

export function useManagerComputer(): boolean {
  const view = useRequest(() => api().setupView(), []);
  return view.data?.choice?.purpose === 'manager';
}
