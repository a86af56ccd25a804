/**
 * `npm run fuzz`: the fuzz suites with many more runs than `npm test` gives them. FUZZ_RUNS scales every
 * property's runs (default 20), FUZZ_SECONDS bounds each suite (default 900), FUZZ_SEED picks the seed;
 * other arguments go to mocha (e.g. `npm run fuzz -- --grep gateway`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const mocha = fileURLToPath(new URL('../../node_modules/mocha/bin/mocha.js', import.meta.url));
const env = { ...process.env, FUZZ_RUNS: process.env['FUZZ_RUNS'] ?? '20', FUZZ_SECONDS: process.env['FUZZ_SECONDS'] ?? '900' };
const args = ['--no-config', '--node-option', 'import=tsx', '--exit', '--require', 'test/setup.ts', 'test/fuzz/*.test.ts'];
const result = spawnSync(process.execPath, [mocha, ...args, ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
process.exit(result.status ?? 1);
