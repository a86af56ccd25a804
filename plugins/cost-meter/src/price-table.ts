/**
 * Model prices in USD per 1 million tokens, which is the same number as micro-USD per token:
 * cost = round(prompt_tokens × input) + round(completion_tokens × output), in integer micro-USD.
 */
import type { Usage } from '@sluice/core';

/** One `model_price` entry. */
export interface ModelPrice {
  readonly model: string;
  readonly inputMicroUsdPerToken: number;
  readonly outputMicroUsdPerToken: number;
}

/**
 * The priced models: the allowlist, and the prices that turn token usage into micro-USD.
 * @example
 * const table = new PriceTable([{ model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 }]);
 * table.costOf('gpt-4o', { prompt_tokens: 1234, completion_tokens: 567 }); // 3085 + 5670 = 8755
 */
export class PriceTable {
  readonly #prices = new Map<string, ModelPrice>();

  /** Throws on a model priced twice: which of the two prices was meant cannot be guessed. */
  constructor(prices: readonly ModelPrice[]) {
    const index = repeatedModelIndex(prices);
    if (index !== undefined) throw new Error(repeatedModelMessage(prices[index]!.model));
    for (const price of prices) this.#prices.set(price.model, Object.freeze({ ...price }));
  }

  /** Whether the model has a price entry (is allowed). */
  has(model: string): boolean {
    return this.#prices.has(model);
  }

  /**
   * @example
   * table.priceOf('gpt-4o'); // { model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 }
   */
  priceOf(model: string): ModelPrice | undefined {
    return this.#prices.get(model);
  }

  /**
   * The first of the candidates that has a price entry; callers pass the model the upstream
   * reported (e.g. a dated snapshot) before the one the client requested.
   * @example
   * table.pricedModel('gpt-4o-2024-08-06', 'gpt-4o'); // 'gpt-4o' when only the alias is priced
   */
  pricedModel(...candidates: readonly (string | undefined)[]): string | undefined {
    return candidates.find((model) => model !== undefined && this.#prices.has(model));
  }

  /**
   * Cost of the usage in integer micro-USD; 0 when the model has no price or there is no usage.
   * @example
   * table.costOf('gpt-4o', { prompt_tokens: 1, completion_tokens: 1 }); // round(2.5) + round(10) = 13
   */
  costOf(model: string, usage: Usage | undefined): number {
    const price = this.#prices.get(model);
    if (price === undefined || usage === undefined) return 0;
    return (
      Math.round(tokenCount(usage.prompt_tokens) * price.inputMicroUsdPerToken) +
      Math.round(tokenCount(usage.completion_tokens) * price.outputMicroUsdPerToken)
    );
  }
}

/** Prompt plus completion tokens; a provider's `total_tokens` is not trusted to be their sum. */
export function usageTokens(usage: Usage | undefined): number {
  return usage === undefined ? 0 : tokenCount(usage.prompt_tokens) + tokenCount(usage.completion_tokens);
}

/** Index of the first entry whose model was already priced earlier in the list. */
export function repeatedModelIndex(prices: readonly Pick<ModelPrice, 'model'>[]): number | undefined {
  const seen = new Set<string>();
  for (const [index, { model }] of prices.entries()) {
    if (seen.has(model)) return index;
    seen.add(model);
  }
  return undefined;
}

export function repeatedModelMessage(model: string): string {
  return `model "${model}" is priced more than once; keep one model_price per model`;
}

/** Upstream bodies are not validated, so a missing or nonsensical count reads as zero tokens. */
function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
