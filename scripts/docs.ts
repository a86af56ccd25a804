/** `npm run docs`: rewrites the generated reference pages, and every marked snippet from its source. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configReference } from '@sluice/preset-gateway';
import { writeApiReferences } from './api-reference.js';
import { errorsReference } from './errors-page.js';
import { syncSnippets } from './sync-snippets.js';

writeFileSync(new URL('../docs/reference/config.md', import.meta.url), configReference());
process.stdout.write('wrote docs/reference/config.md\n');
for (const page of writeApiReferences()) process.stdout.write(`wrote ${page}\n`);
writeFileSync(new URL('../docs/reference/errors.md', import.meta.url), errorsReference());
process.stdout.write('wrote docs/reference/errors.md\n');
for (const file of syncSnippets(fileURLToPath(new URL('..', import.meta.url))))
  process.stdout.write(`synced snippets in ${file}\n`);
