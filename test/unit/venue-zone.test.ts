// One venue zone for every screen (shared/time.ts venueZoneOf): the kiosk's location, else the
// till's, else the zone most of the venue's locations share; and the locations list reads a zone.
import { describe, expect, it } from 'vitest';
import { venueZoneOf } from '../../shared/time';
import { locationsResponseSchema } from '../../shared/schemas/service';

const LOCATIONS = [
  { uuid: 'harbour', timezone: 'America/New_York' },
  { uuid: 'garden', timezone: 'America/New_York' },
  { uuid: 'rooftop', timezone: 'America/Chicago' },
  { uuid: 'bare' },
];

describe('the venue zone', () => {
  it('is the kiosk location’s when one is chosen', () => {
    expect(venueZoneOf({ timezone: 'America/Denver' }, 'rooftop', LOCATIONS)).toBe('America/Denver');
  });

  it('is the till location’s before a kiosk location is chosen (or when it gives none)', () => {
    expect(venueZoneOf(null, 'rooftop', LOCATIONS)).toBe('America/Chicago');
    expect(venueZoneOf({ timezone: null }, 'rooftop', LOCATIONS)).toBe('America/Chicago');
  });

  it('is the zone most locations share before any location is chosen, and null when none says', () => {
    expect(venueZoneOf(null, null, LOCATIONS)).toBe('America/New_York');
    expect(venueZoneOf(null, 'bare', LOCATIONS)).toBe('America/New_York');
    expect(
      venueZoneOf(null, null, [
        { uuid: 'a', timezone: 'Europe/Madrid' },
        { uuid: 'b', timezone: 'Europe/Lisbon' },
      ]),
    ).toBe('Europe/Madrid');
    expect(venueZoneOf(null, null, [{ uuid: 'bare' }])).toBeNull();
    expect(venueZoneOf(undefined, undefined, [])).toBeNull();
  });

  it('the locations list keeps a zone the runtime knows, in any spelling, and leaves out one it does not', () => {
    const read = locationsResponseSchema.parse([
      { uuid: 'a', name: 'A', timezone: 'America/Chicago' },
      { uuid: 'b', name: 'B', time_zone: 'Europe/Madrid' },
      { uuid: 'c', name: 'C', timeZone: 'Mars/Olympus' },
      { uuid: 'd', name: 'D' },
    ]);
    expect(read.map((l) => l.timezone ?? null)).toEqual(['America/Chicago', 'Europe/Madrid', null, null]);
  });
});
