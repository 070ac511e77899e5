import type { OutboxMessageType, OutboxPersister } from "../persistence/outbox.ts";
import { CourierError } from "./errors.ts";
import type { OutboxKind, OutboxLogger } from "./kind.ts";
import { createLane, type Lane, type SendFailure } from "./lane.ts";

// The one dispatcher of the outbox (persistence/outbox.ts): it sends what the kinds the
// composition root registered (emails, webhooks, jobs) know how to send, with leases, retries
// with backoff and abandoning done here for all of them (lane.ts). Each kind runs in a lane of
// its own, so one kind's slow sends never hold up another's, and a wake-up from the database
// reaches only the lane of the type that became due, and only if that kind wakes.

export interface OutboxDispatcher {
  /** Polls every `pollIntervalMs` until stopped; at once again while batches come back full. */
  start(): void;
  /**
   * A message of `type` became due (the database said so, migration 0005): that kind's lane
   * claims at once instead of at its next poll, if the kind wakes (DeliveryPolicy.wakes).
   * Without a type: every kind that wakes. Wakes during a round make one more round after it.
   */
  wake(type?: string): void;
  /**
   * Stops polling and waits for the batches in flight, at most `graceMs` (default: as long as
   * it takes); messages still being sent then go back to the queue for another instance. Then
   * each kind closes its connections. Final.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /**
   * One round: claims, sends and records a batch of `type`, or of every kind when none is
   * given. Returns how many messages it claimed.
   */
  dispatchOnce(type?: OutboxMessageType): Promise<number>;
}

export interface OutboxDispatcherOptions {
  outbox: OutboxPersister;
  /** One per message type. */
  kinds: readonly OutboxKind[];
  /** `courier.dispatcher.poll_interval` */
  pollIntervalMs: number;
  /** `courier.dispatcher.batch_size`: messages each kind claims per round. */
  batchSize: number;
  logger: OutboxLogger;
  /** Called for every failed send (metrics). */
  onSendFailure?(type: OutboxMessageType, outcome: SendFailure): void;
}

export function createOutboxDispatcher(options: OutboxDispatcherOptions): OutboxDispatcher {
  const lanes = new Map<string, { lane: Lane; wakes: boolean }>();
  for (const kind of options.kinds) {
    if (lanes.has(kind.type)) throw new Error(`two outbox kinds for type "${kind.type}"`);
    const lane = createLane({
      outbox: options.outbox,
      kind,
      pollIntervalMs: options.pollIntervalMs,
      batchSize: options.batchSize,
      logger: options.logger.child?.({ component: kind.label }) ?? options.logger,
      onSendFailure: (outcome) => options.onSendFailure?.(kind.type, outcome),
    });
    lanes.set(kind.type, { lane, wakes: kind.policy.wakes });
  }
  let stopped = false;

  return {
    start(): void {
      for (const { lane } of lanes.values()) lane.start();
    },
    wake(type?: string): void {
      for (const [laneType, { lane, wakes }] of lanes) {
        if (wakes && (type === undefined || type === laneType)) lane.wake();
      }
    },
    async stop({ graceMs }: { graceMs?: number } = {}): Promise<void> {
      stopped = true;
      await Promise.all([...lanes.values()].map(({ lane }) => lane.stop({ graceMs })));
    },
    async dispatchOnce(type?: OutboxMessageType): Promise<number> {
      if (stopped)
        throw new CourierError("courier_dispatcher_stopped", "the dispatcher was stopped");
      const chosen = [...lanes.entries()].filter(
        ([laneType]) => type === undefined || laneType === type,
      );
      const counts = await Promise.all(chosen.map(([, { lane }]) => lane.dispatchOnce()));
      return counts.reduce((sum, count) => sum + count, 0);
    },
  };
}
