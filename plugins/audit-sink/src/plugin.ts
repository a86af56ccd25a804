/** Delivers evidence events to the audit module in the background; a request never waits for it. */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { validateOptions, type EvidenceEvent, type Kernel, type Plugin } from '@sluice/core';
import { auditSinkMetrics, type AuditSinkMetrics, type DropReason } from './audit-sink-metrics.js';
import { backoffDelayMs } from './backoff.js';
import { batchRequest, type Producer } from './batch.js';
import { EventQueue } from './event-queue.js';
import { AuditSinkOptionsSchema, type AuditSinkOptions, type AuditSinkOptionsInput } from './options.js';
import { sendBatch, type BatchReceipt } from './send-batch.js';
import { abortableDelay } from './abortable-delay.js';

const PLUGIN_NAME = 'audit-sink';
/** A full queue drops on every event of a burst; one line per interval is enough to see it. */
const OVERFLOW_LOG_INTERVAL_MS = 10_000;
/** Refused events named in a batch's log line; the count covers the rest. */
const LOGGED_REJECTIONS = 5;

/**
 * @example
 * kernel.use(new AuditSinkPlugin({ url: 'http://127.0.0.1:9400', apiKey: process.env.AUDIT_KEY ?? '' }, '0.1.0'));
 * await kernel.start(); // starts the delivery loop
 * await kernel.stop(); // flushes what is queued, within flushTimeoutSeconds
 */
export class AuditSinkPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<AuditSinkOptions>;
  readonly producer: Producer;
  readonly #queue: EventQueue;
  #kernel: Kernel | undefined;
  #metrics: AuditSinkMetrics | undefined;
  #loop: Promise<void> | undefined;
  #stopping = false;
  /** After stop: nothing more will be sent, so late events are dropped at once. */
  #closed = false;
  #deadline = new AbortController();
  #wake: (() => void) | undefined;
  #overflow = { count: 0, loggedAt: Number.NEGATIVE_INFINITY };

  /** @param version the gateway release, sent as the producer's version. */
  constructor(options: AuditSinkOptionsInput, version = '0.0.0') {
    this.options = validateOptions(PLUGIN_NAME, AuditSinkOptionsSchema, options);
    if (this.options.retryMaxBackoffMs < this.options.retryInitialBackoffMs) {
      throw new RangeError(`${PLUGIN_NAME}: retryMaxBackoffMs must be at least retryInitialBackoffMs`);
    }
    this.producer = Object.freeze({
      product: 'sluice',
      version,
      instance_id: this.options.producerInstanceId ?? defaultInstanceId(),
    });
    this.#queue = new EventQueue(this.options.queueCapacity);
  }

  /** Events waiting for delivery (the batch in flight excluded). */
  get queued(): number {
    return this.#queue.size;
  }

  apply(kernel: Kernel): void {
    this.#kernel = kernel;
    this.#metrics = auditSinkMetrics(kernel);
    kernel.hooks.evidence.tap(PLUGIN_NAME, (event) => this.#enqueue(event));
  }

  async start(): Promise<void> {
    if (this.#loop !== undefined) return;
    if (this.#kernel === undefined) throw new Error(`${PLUGIN_NAME}: apply(kernel) must run before start()`);
    this.#stopping = false;
    this.#closed = false;
    this.#deadline = new AbortController();
    this.#loop = this.#run();
  }

  /** Sends what is queued until the queue is empty or the flush deadline passes; the rest is dropped and counted. */
  async stop(): Promise<void> {
    const loop = this.#loop;
    if (loop !== undefined) {
      this.#stopping = true;
      const timer = setTimeout(() => this.#deadline.abort(), this.options.flushTimeoutSeconds * 1000);
      this.#wake?.();
      await loop;
      clearTimeout(timer);
      this.#loop = undefined;
    }
    this.#closed = true;
    const left = this.#queue.take(this.#queue.size).length;
    this.#drop('shutdown', left);
    if (left > 0) this.#kernel?.logger.warn({ events: left }, 'audit sink stopped before delivering every event; dropped');
  }

  #enqueue(event: EvidenceEvent): void {
    if (this.#closed) return this.#drop('shutdown', 1);
    if (!this.#queue.offer(event)) return this.#overflowed();
    this.#metrics?.depth(this.#queue.size);
    if (this.#queue.size >= this.options.batchSize) this.#wake?.();
  }

  #overflowed(): void {
    this.#drop('queue_full', 1);
    this.#overflow.count += 1;
    const now = performance.now();
    if (now - this.#overflow.loggedAt < OVERFLOW_LOG_INTERVAL_MS) return;
    this.#kernel?.logger.warn(
      { dropped: this.#overflow.count, capacity: this.options.queueCapacity },
      'audit queue full; evidence events dropped',
    );
    this.#overflow = { count: 0, loggedAt: now };
  }

  async #run(): Promise<void> {
    const { batchSize } = this.options;
    for (;;) {
      if (this.#stopping && this.#queue.size === 0) return;
      if (!this.#stopping && this.#queue.size < batchSize) await this.#nextBatchDue();
      if (this.#deadline.signal.aborted) return;
      const events = this.#queue.take(batchSize);
      this.#metrics?.depth(this.#queue.size);
      if (events.length > 0) await this.#deliver(events);
    }
  }

  /** Resolves when a full batch is queued, the flush interval passes, or stop() is called. */
  #nextBatchDue(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, this.options.flushIntervalMs);
      // The loop alone must not keep a process alive; the gateway's server does that.
      timer.unref();
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
    });
  }

  /**
   * One batch, in flight alone so order is kept, retried whole until delivered, refused or out of attempts.
   * Events the module refuses one by one are dropped alone and never retried: sent again, they would be
   * refused again. An older module that refuses the whole batch for one event names it; that event is
   * left out and the rest sent again at once, so one bad event costs one extra request, not the batch.
   */
  async #deliver(batch: EvidenceEvent[]): Promise<void> {
    const { url, apiKey, timeoutSeconds, retryMaxAttempts, retryInitialBackoffMs, retryMaxBackoffMs } = this.options;
    const policy = { initialMs: retryInitialBackoffMs, maxMs: retryMaxBackoffMs };
    const logger = this.#kernel?.logger;
    let events = batch;
    let request = batchRequest(url, apiKey, this.producer, events);
    for (let attempt = 1; ;) {
      const outcome = await sendBatch(request, events.length, timeoutSeconds * 1000, this.#deadline.signal);
      if (outcome.kind === 'delivered') return this.#delivered(events, outcome.receipt);
      if (outcome.kind === 'aborted') return this.#dropBatch('shutdown', events.length);
      if (outcome.kind === 'rejected') {
        const index = outcome.eventIndex;
        if (index === undefined || events.length === 1) {
          logger?.error({ status: outcome.status, events: events.length }, 'audit module refused a batch; dropped');
          return this.#dropBatch('rejected', events.length);
        }
        const refused = events[index]!;
        logger?.error(
          { status: outcome.status, index, event_type: refused.event_type, trace_id: refused.trace_id },
          'audit module refused a batch for one event; dropped that event and sending the rest again',
        );
        this.#drop('rejected', 1);
        events = events.filter((_, i) => i !== index);
        request = batchRequest(url, apiKey, this.producer, events);
        continue;
      }
      if (attempt >= retryMaxAttempts) {
        logger?.error(
          { reason: outcome.reason, attempts: attempt, events: events.length },
          'audit module unreachable after every retry; batch dropped',
        );
        return this.#dropBatch('retries_exhausted', events.length);
      }
      this.#metrics?.retried(events.length);
      logger?.warn({ reason: outcome.reason, attempt }, 'audit delivery failed; retrying');
      if (!(await abortableDelay(backoffDelayMs(attempt, policy), this.#deadline.signal))) {
        return this.#dropBatch('shutdown', events.length);
      }
      attempt += 1;
    }
  }

  #delivered(events: readonly EvidenceEvent[], receipt: BatchReceipt): void {
    this.#metrics?.delivered(receipt.accepted, receipt.duplicates);
    this.#metrics?.batch(receipt.rejected.length === 0 ? 'delivered' : 'partial');
    if (receipt.rejected.length === 0) return;
    this.#drop('rejected', receipt.rejected.length);
    // One line a batch, naming its first few refusals: a plugin emitting a bad event on every request
    // must not turn each into a log line.
    const refused = receipt.rejected.slice(0, LOGGED_REJECTIONS).map(({ index, code, message }) => ({
      index,
      code,
      reason: message,
      event_type: events[index]!.event_type,
      trace_id: events[index]!.trace_id,
    }));
    this.#kernel?.logger.error(
      { rejected: receipt.rejected.length, events: events.length, refused },
      'audit module refused evidence events; dropped them, delivered the rest',
    );
  }

  #dropBatch(reason: Exclude<DropReason, 'queue_full'>, count: number): void {
    this.#metrics?.batch(reason);
    this.#drop(reason, count);
  }

  #drop(reason: DropReason, count: number): void {
    this.#metrics?.dropped(reason, count);
  }
}

/** hostname-pid names the process in a way an operator can find; a random id if the host has no name. */
function defaultInstanceId(): string {
  let host = '';
  try {
    host = hostname();
  } catch {
    // Some sandboxes refuse the call; an anonymous but unique id still tells producers apart.
  }
  return host === '' ? `sluice-${randomUUID()}` : `${host}-${process.pid}`;
}
