/**
 * Model prices in USD per 1 million tokens, which is the same number as micro-USD per token.
 * cost = round(prompt_tokens × input) + round(completion_tokens × output), in micro-USD.
 */
import type { Usage } from '@sluice/core';

export interface ModelPrice {
  readonly model: string;
  readonly inputMicroUsdPerToken: number;
  readonly outputMicroUsdPerToken: number;
}

export class PriceTable {
  readonly #prices = new Map<string, ModelPrice>();

  /** Throws on a model priced twice: which of the two was meant cannot be guessed. */
  constructor(prices: readonly ModelPrice[]) {
    for (const price of prices) {
      if (this.#prices.has(price.model)) throw new Error(`model_price for "${price.model}" is given more than once`);
      this.#prices.set(price.model, price);
    }
  }

  has(model: string): boolean {
    return this.#prices.has(model);
  }

  /** The price of the first of `models` that has one (the reported model, then the requested one). */
  priceOf(...models: (string | undefined)[]): ModelPrice | undefined {
    for (const model of models) {
      const price = model === undefined ? undefined : this.#prices.get(model);
      if (price !== undefined) return price;
    }
    return undefined;
  }

  /**
   * @example
   * new PriceTable([{ model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 }])
   *   .costOf({ prompt_tokens: 1234, completion_tokens: 567 }, 'gpt-4o'); // 8755
   */
  costOf(usage: Usage | undefined, ...models: (string | undefined)[]): number {
    const price = this.priceOf(...models);
    if (price === undefined || usage === undefined) return 0;
    return (
      Math.round(tokens(usage.prompt_tokens) * price.inputMicroUsdPerToken) +
      Math.round(tokens(usage.completion_tokens) * price.outputMicroUsdPerToken)
    );
  }
}

function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
