/** One gauge of the gateway's `/metrics`, polled every second: its highest value between two samples. */
import { metricTotals } from '../bench/semantic/gateway-metrics.js';

export class GaugePoller {
  #highest = 0;
  #timer: NodeJS.Timeout | undefined;
  #polling = false;

  constructor(
    readonly gatewayUrl: string,
    readonly name: string,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.#poll(), 1000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** The highest value seen since the last call. */
  takeHighest(): number {
    const highest = this.#highest;
    this.#highest = 0;
    return highest;
  }

  async #poll(): Promise<void> {
    if (this.#polling) return; // a scrape still waiting on a starved gateway: skip rather than pile up
    this.#polling = true;
    try {
      const value = (await metricTotals(this.gatewayUrl, [this.name]))[this.name] ?? 0;
      this.#highest = Math.max(this.#highest, value);
    } catch {
      // the gateway is stopping; the samples say so
    } finally {
      this.#polling = false;
    }
  }
}
