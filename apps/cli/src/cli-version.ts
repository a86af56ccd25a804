/** The version `sluice --version` prints: this package's, read without loading any preset. */
import { readFileSync } from 'node:fs';

/**
 * @example
 * cliVersion(); // '0.1.0'
 */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}
