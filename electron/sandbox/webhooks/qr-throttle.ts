// Spec 6.4 / 8: QR_SCANNED is throttled to one event per 5 minutes per customer per target, on the
// sandbox clock. Scans without a known customer share one "anonymous" customer, so repeated
// anonymous scans of one spot are throttled too rather than flooding receivers.

export const QR_THROTTLE_MS = 5 * 60 * 1000;

export class QrThrottle {
  private lastSent = new Map<string, number>();

  /** true = send it (and start a new window); false = throttled. */
  allow(
    locationUuid: string,
    targetId: string | null | undefined,
    customerId: string | null | undefined,
    nowMs: number,
  ): boolean {
    const key = `${locationUuid}\u0000${targetId ?? ''}\u0000${customerId ?? 'anonymous'}`;
    const last = this.lastSent.get(key);
    if (last !== undefined && nowMs - last < QR_THROTTLE_MS) return false;
    this.lastSent.set(key, nowMs);
    return true;
  }

  clear(): void {
    this.lastSent.clear();
  }
}
