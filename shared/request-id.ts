// A `once` request's id (shared/contract/semantics.ts), made where the person pressed the button
// and kept by the screen until the outcome is known, so a second press is the same request.
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}
