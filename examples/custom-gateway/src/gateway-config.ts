/**
 * The gateway's configuration, written in code in the same language as a config file, so
 * `parseGatewayConfig` checks it with the same errors. Values from outside come in through
 * `${…}` words, never by pasting them into the text.
 */
// #region config
export const GATEWAY_CONFIG = [
  'log_level info;',
  'gw_enforcement_mode enforce;',
  'upstream_base_url "${UPSTREAM_BASE_URL}";',
  'upstream_api_key "${UPSTREAM_API_KEY:-dummy}";',
  'exact_cache_enabled on;',
  'model_price gpt-4o-mini 0.15 0.60;',
  'model_price gpt-4.1-mini 0.40 1.60;',
].join('\n');
// #endregion config
