// Projections: read models built from accepted events (the open-tabs board is one).
//
// The contract a projection must keep:
// - apply() is idempotent: applying an event it has already seen leaves the state unchanged. The
//   receiver never feeds a deduped delivery twice, but the inspector's "replay" button re-applies
//   a stored event on purpose, and start-up replay may overlap an event that arrives live.
// - apply() does not depend on arrival order to converge: retries arrive late and out of order
//   (6.3), so state must be a function of the set of events seen, not of their sequence.
// - apply() is synchronous and cheap; it must not throw for valid events (a throw is caught,
//   reported, and does not stop the other projections).
// On start-up each projection receives the whole retained log in order, then live events; the
// projections registered together share one pass over the log.
import type { AcceptedEvent } from '../../../shared/webhooks';
import { errorMessage } from '../../../shared/errors';

export interface Projection {
  name: string;
  /** The event types it takes; ProjectionSet feeds it nothing else (absent: every type). */
  readonly types?: ReadonlySet<string>;
  apply(event: AcceptedEvent): void;
  /**
   * Checkpoints (all three or none): the state as plain JSON, taking it back (throws if it does not
   * fit, leaving the projection empty), and emptying it. A restart then replays only the log's tail.
   */
  snapshot?(): unknown;
  restore?(state: unknown): void;
  reset?(): void;
  /**
   * Its state in a checkpoint file of an older version (`from`), brought to what restore() reads:
   * a pure function (a step per version, like data-format.ts's). Absent: its state did not change.
   */
  upgradeState?(state: unknown, from: number): unknown;
}

export interface ProjectionError {
  projection: string;
  seq: number;
  message: string;
}

interface Registered {
  projection: Projection;
  /** Events up to this seq came from the start-up replay; a live copy of one is skipped. */
  replayedThrough: number;
}

export class ProjectionSet {
  private readonly registered: Registered[] = [];

  constructor(private readonly onError: (error: ProjectionError) => void) {}

  /**
   * Registers `projections` after feeding them every stored event through one `replay`: each
   * event is read once and applied to each projection in turn (they are independent).
   */
  add(projections: Projection[], replay: (visit: (event: AcceptedEvent) => void) => number): void {
    if (projections.length === 0) return;
    let replayedThrough = 0;
    replay((event) => {
      for (const projection of projections) this.applyOne(projection, event);
      replayedThrough = event.seq;
    });
    for (const projection of projections) this.registered.push({ projection, replayedThrough });
  }

  remove(projection: Projection): void {
    const i = this.registered.findIndex((r) => r.projection === projection);
    if (i >= 0) this.registered.splice(i, 1);
  }

  /** A newly accepted event, fed to every projection that did not already see it in replay. */
  applyLive(event: AcceptedEvent): void {
    for (const r of this.registered) if (event.seq > r.replayedThrough) this.applyOne(r.projection, event);
  }

  /** Re-applies a stored event to every projection (the inspector's replay; idempotence makes it safe). */
  applyAgain(event: AcceptedEvent): void {
    for (const r of this.registered) this.applyOne(r.projection, event);
  }

  private applyOne(projection: Projection, event: AcceptedEvent): void {
    if (projection.types && !projection.types.has(event.type)) return;
    try {
      projection.apply(event);
    } catch (error) {
      this.onError({ projection: projection.name, seq: event.seq, message: errorMessage(error) });
    }
  }
}
