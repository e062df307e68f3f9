import { useAppStore } from '../../store';

export function Counters() {
  const counters = useAppStore((s) => s.counters);
  if (!counters) return null;
  const items: [string, number, string][] = [
    ['received', counters.received, ''],
    ['verified', counters.verified, 'good'],
    ['unsigned', counters.unsigned, counters.unsigned ? 'warn' : ''],
    ['rejected', counters.rejected, counters.rejected ? 'bad' : ''],
    ['duplicate', counters.duplicate, ''],
    ['stale', counters.stale, counters.stale ? 'warn' : ''],
    ['flagged', counters.flagged, counters.flagged ? 'warn' : ''],
  ];
  return (
    <div className="counters" data-testid="counters">
      {counters.notKept ? (
        <p className="hint" data-testid="not-kept">
          {counters.notKept.toLocaleString()} of the rejected deliveries came past the hourly limit on refused
          deliveries kept for inspection: they were counted, not stored.
        </p>
      ) : null}
      {items.map(([name, value, tone]) => (
        <div key={name} className={`counter ${tone}`}>
          <strong>{value.toLocaleString()}</strong>
          <span>{name}</span>
        </div>
      ))}
    </div>
  );
}
