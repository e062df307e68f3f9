// Who a manager can pick by name when adding staff. The service publishes no users or roles list,
// so the people come from what the app can read: the service's labor entries at the location (ids
// and roles, no names), the practice venue's staff (names, ids and roles), and the kiosk's own
// staff list (names given by a manager). One person per user id, with every role seen here; a
// name only when some source gives one, and a role's name from whichever source names its uuid.
import type {
  CandidateSource,
  LaborEntry,
  StaffCandidate,
  StaffCandidates,
  StaffRecordView,
  StaffRole,
} from '../../../shared/labor';
import { staffWords } from '../../../shared/errors';
import type { DemoStaff } from './roster';

export interface CandidateSources {
  locationUuid: string;
  serviceDays: number;
  roster: StaffRecordView[];
  /** The practice venue's staff; null when the app is on a real service. */
  practiceVenue: () => Promise<DemoStaff[] | null>;
  /** The service's labor entries at the location over serviceDays. */
  serviceEntries: () => Promise<LaborEntry[]>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Gathered {
  userId: string;
  name: string | null;
  roles: Map<string, StaffRole>;
  sources: Set<CandidateSource>;
  onRoster: boolean;
}

export async function gatherStaffCandidates(from: CandidateSources): Promise<StaffCandidates> {
  const [venue, entries] = await Promise.allSettled([from.practiceVenue(), from.serviceEntries()]);
  const unread: StaffCandidates['unread'] = [];
  const unreadable = (source: CandidateSource, what: string, error: unknown) => {
    const words = staffWords(error);
    unread.push({ source, sentence: `${what} could not be read: ${words.text}`, detail: words.detail });
  };
  if (venue.status === 'rejected') unreadable('practice-venue', 'The practice venue’s staff', venue.reason);
  if (entries.status === 'rejected') unreadable('service', 'The service’s labor entries', entries.reason);

  const people = new Map<string, Gathered>();
  const person = (userId: string) => {
    let p = people.get(userId);
    if (!p) people.set(userId, (p = { userId, name: null, roles: new Map(), sources: new Set(), onRoster: false }));
    return p;
  };
  // A role's name by its uuid, from the sources that name roles.
  const roleNames = new Map<string, string>();
  const keyOf = (r: StaffRole) => r.roleUuid ?? `name:${r.role.toLowerCase()}`;
  const addRole = (p: Gathered, r: StaffRole) => {
    if (!r.role && !r.roleUuid) return;
    if (!p.roles.has(keyOf(r))) p.roles.set(keyOf(r), r);
  };

  for (const s of from.roster) {
    const here = s.roles.filter((r) => r.locationUuid === from.locationUuid);
    for (const r of s.roles) if (r.roleUuid && r.role) roleNames.set(r.roleUuid, r.role);
    if (here.length === 0 && !s.manager) continue;
    const p = person(s.userId);
    p.name = s.name;
    p.onRoster = true;
    p.sources.add('roster');
    for (const r of here) addRole(p, { role: r.role, roleUuid: r.roleUuid });
  }
  if (venue.status === 'fulfilled')
    for (const s of venue.value ?? []) {
      roleNames.set(s.roleUuid, s.role);
      if (s.locationUuid !== from.locationUuid) continue;
      const p = person(s.userId);
      p.name ??= s.name;
      p.sources.add('practice-venue');
      addRole(p, { role: s.role, roleUuid: s.roleUuid });
    }
  if (entries.status === 'fulfilled')
    for (const e of entries.value) {
      if (!e.userId) continue;
      const p = person(e.userId);
      p.sources.add('service');
      // user_role may hold the role's name, a code, or its uuid (as this app sends it when it knows one).
      const uuid = e.roleUuid ?? (e.role && UUID.test(e.role) ? e.role : null);
      const named = e.role && e.role !== uuid ? e.role : null;
      if (uuid && named && !roleNames.has(uuid)) roleNames.set(uuid, named);
      addRole(p, { role: named ?? (uuid ? (roleNames.get(uuid) ?? uuid) : ''), roleUuid: uuid });
    }

  // Names found later (a role uuid first seen bare, named by another person's entry) fill in now.
  const named = (r: StaffRole): StaffRole =>
    r.roleUuid && (r.role === r.roleUuid || !r.role) ? { ...r, role: roleNames.get(r.roleUuid) ?? r.role } : r;
  const candidates: StaffCandidate[] = [...people.values()].map((p) => ({
    userId: p.userId,
    name: p.name,
    roles: dedupeByUuid([...p.roles.values()].map(named)),
    sources: (['service', 'practice-venue', 'roster'] as const).filter((s) => p.sources.has(s)),
    onRoster: p.onRoster,
  }));
  candidates.sort(
    (a, b) =>
      Number(a.name === null) - Number(b.name === null) ||
      (a.name ?? '').localeCompare(b.name ?? '') ||
      a.userId.localeCompare(b.userId),
  );
  const roles = new Map<string, StaffRole>();
  for (const c of candidates) for (const r of c.roles) if (!roles.has(keyOf(r))) roles.set(keyOf(r), r);
  return {
    serviceDays: from.serviceDays,
    candidates,
    roles: dedupeByUuid([...roles.values()]).sort((a, b) => a.role.localeCompare(b.role)),
    unread,
  };
}

/** A role known by name (roster) and by uuid (entries) is one role when the names agree. */
function dedupeByUuid(list: StaffRole[]): StaffRole[] {
  const withUuid = new Set(list.filter((r) => r.roleUuid).map((r) => r.role.toLowerCase()));
  return list.filter((r) => r.roleUuid !== null || !withUuid.has(r.role.toLowerCase()));
}
