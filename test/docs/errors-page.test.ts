import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { registeredErrors } from '@sluice/core';
import '@sluice/preset-gateway';
import { errorsReference, SHIPPED_ERROR_TABLES } from '../../scripts/errors-page.js';

describe('docs: the errors reference page', () => {
  it('is what the registrations generate (run `npm run docs` after changing a defineErrors table)', () => {
    const written = readFileSync(new URL('../../docs/reference/errors.md', import.meta.url), 'utf8');
    assert.equal(written, errorsReference());
  });

  it('lists every code a package we ship registers, once', () => {
    const listed = SHIPPED_ERROR_TABLES.flatMap((table) => Object.keys(table));
    assert.equal(new Set(listed).size, listed.length);
    // The preset loads every plugin we ship; codes other suites of this run define belong to no @sluice package.
    const shipped = registeredErrors().filter((error) => error.owner.startsWith('@sluice/'));
    assert.deepEqual(
      shipped.map((error) => error.code).filter((code) => !listed.includes(code)),
      [],
    );
  });
});
