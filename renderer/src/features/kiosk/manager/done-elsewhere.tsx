// The manager sections this device does not offer, each group with where it is done: the hub would
// refuse them from here, so they are named with the place instead of shown as tabs that fail.
import type { ManagerSection } from './manager-sections';
import { SECTION_NAMES } from './manager-sections';

export function DoneElsewhere({ elsewhere }: { elsewhere: { section: ManagerSection; where: string }[] }) {
  if (elsewhere.length === 0) return null;
  const byPlace = new Map<string, string[]>();
  for (const { section, where } of elsewhere)
    byPlace.set(where, [...(byPlace.get(where) ?? []), SECTION_NAMES[section]]);
  return (
    <section className="k-card k-elsewhere" aria-label="Done on another device" data-testid="done-elsewhere">
      <h2>Done on another device</h2>
      <ul>
        {[...byPlace].map(([where, names]) => (
          <li key={where}>
            <strong>{listed(names)}</strong>: {where}.
          </li>
        ))}
      </ul>
    </section>
  );
}

function listed(names: string[]): string {
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
