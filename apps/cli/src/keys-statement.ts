/** A client key's settings from `sluice keys create` flags, and the `client_key` statement a config or keys file takes. */
import type { KeySettings } from '@sluice/plugin-client-keys';

/** A word as the config language reads it back: bare when it can be, else quoted with escapes. */
function word(value: string): string {
  return /^[A-Za-z0-9._:/@+-]+$/.test(value) ? value : `"${value.replace(/["\\$]/g, '\\$&')}"`;
}

/**
 * One line: `client_key <id> sha256:<hex> { tenant …; … }`, only the settings that differ from the defaults.
 * @example
 * clientKeyStatement('billing-app', keyHash(key), { tenant: 'acme', cacheShare: false, cacheControls: true });
 */
export function clientKeyStatement(id: string, hash: string, settings: KeySettings): string {
  const lines = [`tenant ${word(settings.tenant)};`];
  if (settings.models !== undefined) lines.push(`models ${settings.models.map(word).join(' ')};`);
  if (settings.cacheShare) lines.push('cache_share on;');
  if (!settings.cacheControls) lines.push('cache_controls off;');
  if (settings.requestsPerMinute !== undefined) lines.push(`requests_per_minute ${settings.requestsPerMinute};`);
  if (settings.tokensPerMinute !== undefined) lines.push(`tokens_per_minute ${settings.tokensPerMinute};`);
  if (settings.concurrentRequests !== undefined) lines.push(`concurrent_requests ${settings.concurrentRequests};`);
  if (settings.budget !== undefined) lines.push(`budget ${settings.budget.microUsd} ${settings.budget.period};`);
  return `client_key ${word(id)} ${hash} { ${lines.join(' ')} }`;
}
