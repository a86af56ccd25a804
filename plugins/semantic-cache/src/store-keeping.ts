/**
 * How the semantic cache keeps an in-process store on disk: autosaves, the hand-over of its directory to
 * the runtime a reload starts, and the final save (or none, after a hand-over). Remote stores need none.
 */
import { maskUrl } from '@sluice/util';
import type { Logger } from 'pino';
import type { BoundedStore } from './bounded-store.js';
import type { OpenedStore } from './semantic-store.js';

/**
 * @example
 * const keeping = new StoreKeeping(opened, bounded, 300, logger);
 * keeping.start();
 * await keeping.handOver(); // a reload: saved, and this store writes there no more
 */
export class StoreKeeping {
  #autosave: NodeJS.Timeout | undefined;
  #handedOver = false;

  constructor(
    readonly opened: OpenedStore,
    readonly bounded: BoundedStore | undefined,
    readonly autosaveSeconds: number,
    readonly logger: Logger,
  ) {}

  /** True once the directory belongs to a reloaded runtime's store: answers are no longer stored here. */
  get handedOver(): boolean {
    return this.#handedOver && this.opened.backend === 'hnsw';
  }

  start(): void {
    if (this.opened.backend !== 'hnsw' || this.autosaveSeconds <= 0) return;
    clearInterval(this.#autosave);
    this.#autosave = setInterval(() => void this.save(), this.autosaveSeconds * 1000).unref();
  }

  /** Saves an in-process store now; never throws (a failure is logged). */
  async save(): Promise<void> {
    try {
      await (this.bounded ?? this.opened).save();
    } catch (error) {
      this.logger.error({ dependency: 'vectordb', reason: maskUrl((error as Error).message) }, 'semantic cache save failed');
    }
  }

  /**
   * Saves for the runtime a reload starts, which opens the store from this directory, and stops writing
   * there: the final close saves nothing, so no save of this store can replace the next one's set (or tear
   * it by overlapping the next one's autosave). Never throws. {@link takeBack} undoes it.
   */
  handOver(): Promise<void> {
    this.#handedOver = true;
    clearInterval(this.#autosave);
    return this.save();
  }

  /** The reload failed: this runtime stays, with its store kept as before. */
  takeBack(): void {
    this.#handedOver = false;
    this.start();
  }

  /** The final save and close, or only the close after a hand-over. */
  async close(): Promise<void> {
    clearInterval(this.#autosave);
    if (this.#handedOver) await (this.bounded?.release() ?? this.opened.release?.() ?? this.opened.store.close());
    else await (this.bounded ?? this.opened.store).close();
  }
}
