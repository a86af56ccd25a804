/**
 * The gateway's options, composed in code: the gateway preset's typed options, one property per
 * plugin, each checked by that plugin's schema when the gateway starts. No config text: values from
 * outside come in as values.
 */
import type { GatewayPresetOptions } from '@sluice/preset-gateway';

export interface GatewayOptionsInput {
  /** The provider's OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`. */
  readonly upstreamBaseUrl: string;
  /** The provider key; absent: no Authorization header upstream. */
  readonly upstreamApiKey?: string;
}

/**
 * @example
 * const options = gatewayOptions({ upstreamBaseUrl: 'https://api.openai.com/v1', upstreamApiKey: process.env.OPENAI_API_KEY });
 */
// #region options
export function gatewayOptions(input: GatewayOptionsInput): GatewayPresetOptions {
  return {
    gateway: { logLevel: 'info', mode: 'enforce' },
    upstream: { baseUrl: input.upstreamBaseUrl, apiKey: input.upstreamApiKey ?? 'dummy' },
    exactCache: {},
    costMeter: {
      prices: [
        { model: 'gpt-4o-mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 },
        { model: 'gpt-4.1-mini', inputMicroUsdPerToken: 0.4, outputMicroUsdPerToken: 1.6 },
      ],
    },
  };
}
// #endregion options
