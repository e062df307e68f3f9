// In the entry editor: the entry's day is in a signed-off pay period, so the change will be kept
// as a late edit (its reason is needed anyway). Read from the hub's approval record.
import type { PeriodSignOff } from '../../../../shared/labor-period';
import { api } from '../../api-context';
import { useRequest } from '../../hooks/use-request';

export function LateEditNotice({ token, day }: { token: string; day: string }) {
  const approval = useRequest(() => api().laborApproval(token), [token]);
  const signed: PeriodSignOff | undefined = approval.data?.signOffs.find((s) => s.start <= day && day <= s.end);
  if (!signed) return null;
  return (
    <p className="warning k-late-notice" role="note" data-testid="late-edit-notice">
      This day is in a pay period {signed.byName} signed off ({signed.start} to {signed.end}): the change will show as a
      late edit, with its reason.
    </p>
  );
}
