import { WEBHOOK_EVENT_TYPES, type EventFilter, type Verification } from '../../../../shared/webhooks';
import { useAppStore } from '../../store';

export function FilterBar() {
  const filter = useAppStore((s) => s.filter);
  const setFilter = useAppStore((s) => s.setFilter);
  const locations = useAppStore((s) => s.locations?.locations ?? []);
  const change = (patch: Partial<EventFilter>) => {
    const next: EventFilter = { ...filter, ...patch };
    for (const key of Object.keys(next) as (keyof EventFilter)[]) if (!next[key]) delete next[key];
    setFilter(next);
  };
  return (
    <div className="filter-bar" role="search">
      <label>
        Type
        <select aria-label="Type" value={filter.type ?? ''} onChange={(e) => change({ type: e.target.value || undefined })}>
          <option value="">all types</option>
          {WEBHOOK_EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label>
        Location
        <select aria-label="Location" value={filter.locationUuid ?? ''} onChange={(e) => change({ locationUuid: e.target.value || undefined })}>
          <option value="">all locations</option>
          {locations.map((l) => (
            <option key={l.uuid} value={l.uuid}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Check
        <select aria-label="Check" value={filter.verification ?? ''} onChange={(e) => change({ verification: (e.target.value || undefined) as Verification | undefined })}>
          <option value="">any</option>
          <option value="verified">verified</option>
          <option value="unsigned">unsigned</option>
          <option value="rejected">rejected</option>
        </select>
      </label>
      <label>
        Target
        <input aria-label="Target" value={filter.target ?? ''} onChange={(e) => change({ target: e.target.value || undefined })} placeholder="uuid or id" />
      </label>
      <label>
        Search
        <input aria-label="Search" value={filter.text ?? ''} onChange={(e) => change({ text: e.target.value || undefined })} placeholder="any text in the body" />
      </label>
    </div>
  );
}
