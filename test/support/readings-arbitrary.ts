// A fast-check generator over the sandbox's reading space (electron/sandbox/readings.ts): every
// open point of the spec with each of its variants, drawn independently, so a property test meets
// combinations nobody chose.
import fc from 'fast-check';
import { READING_SPACE, type SandboxReadings } from '../../electron/sandbox/readings';

export function readingsArbitrary(): fc.Arbitrary<SandboxReadings> {
  const parts = Object.fromEntries(
    Object.entries(READING_SPACE).map(([key, variants]) => [key, fc.constantFrom(...(variants as unknown[]))]),
  ) as { [K in keyof SandboxReadings]: fc.Arbitrary<SandboxReadings[K]> };
  return fc.record(parts);
}

/** A reading as one line, for a failure's message. */
export function describeReadings(r: SandboxReadings): string {
  return Object.entries(r)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}
