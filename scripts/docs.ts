/** `npm run docs`: rewrites the generated reference pages from the code. */
import { writeFileSync } from 'node:fs';
import { configReference } from '@sluice/preset-gateway';

writeFileSync(new URL('../docs/reference/config.md', import.meta.url), configReference());
process.stdout.write('wrote docs/reference/config.md\n');
