import { useEffect, useEffectEvent, useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type EventFilter, type Verification } from '../../../../shared/webhooks';
import { useAppStore } from '../../store';

export function FilterBar() {
  const filter = useAppStore((s) => s.filter);
  const setFilter = useAppStore((s) => s.setFilter);
  const locations = useAppStore((s) => s.locations?.locations) ?? [];
  const change = (patch: Partial<EventFilter>) => {
    const next: EventFilter = { ...filter, ...patch };
    for (const key of Object.keys(next) as (keyof EventFilter)[]) if (!next[key]) delete next[key];
    setFilter(next);
  };
  return (
    <div className="filter-bar" role="search">
      <label>
        Type
        <select
          aria-label="Type"
          value={filter.type ?? ''}
          onChange={(e) => change({ type: e.target.value || undefined })}
        >
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
        <select
          aria-label="Location"
          value={filter.locationUuid ?? ''}
          onChange={(e) => change({ locationUuid: e.target.value || undefined })}
        >
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
        <select
          aria-label="Check"
          value={filter.verification ?? ''}
          onChange={(e) => change({ verification: (e.target.value || undefined) as Verification | undefined })}
        >
          <option value="">any</option>
          <option value="verified">verified</option>
          <option value="unsigned">unsigned</option>
          <option value="rejected">rejected</option>
        </select>
      </label>
      <label>
        Target
        <DebouncedInput
          label="Target"
          value={filter.target ?? ''}
          onSettle={(target) => change({ target: target || undefined })}
          placeholder="uuid or id"
        />
      </label>
      <label>
        Search
        <DebouncedInput
          label="Search"
          value={filter.text ?? ''}
          onSettle={(text) => change({ text: text || undefined })}
          placeholder="any text in the body"
        />
      </label>
    </div>
  );
}

/**
 * Free text and target are searched on disk in main: ask once the typing pauses, not on every
 * keystroke (typing "harbour" would otherwise queue seven scans of the whole log).
 */
function DebouncedInput({
  label,
  value,
  onSettle,
  placeholder,
}: {
  label: string;
  value: string;
  onSettle: (value: string) => void;
  placeholder: string;
}) {
  const [draft, setDraft] = useState(value);
  const settle = useEffectEvent(onSettle);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settle(draft), 250);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <input aria-label={label} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={placeholder} />
  );
}
