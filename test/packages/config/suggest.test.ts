import assert from 'node:assert/strict';
import { distance, suggestName } from '@sluice/config';

describe('did-you-mean', () => {
  const known = ['cache_ttl_seconds', 'listen_addr', 'upstream_base_url', 'kv_url'];

  it('counts a swap of neighbours as one edit', () => {
    assert.equal(distance('tll', 'ttl'), 1);
    assert.equal(distance('abc', 'abc'), 0);
    assert.equal(distance('', 'abc'), 3);
  });

  it('suggests the closest known name when it is close', () => {
    assert.equal(suggestName('cache_tll_seconds', known), 'cache_ttl_seconds');
    assert.equal(suggestName('listen_adr', known), 'listen_addr');
    assert.equal(suggestName('upstream_baseurl', known), 'upstream_base_url');
  });

  it('suggests nothing for an unrelated name', () => {
    assert.equal(suggestName('completely_different', known), undefined);
  });
});
