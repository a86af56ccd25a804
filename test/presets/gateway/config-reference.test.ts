import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { configReference } from '@sluice/preset-gateway';

describe('docs/reference/config.md', () => {
  it('is the reference the directive sets generate (run `npm run docs` after changing a directive)', () => {
    const written = readFileSync(new URL('../../../docs/reference/config.md', import.meta.url), 'utf8');
    assert.equal(written, configReference());
  });
});
