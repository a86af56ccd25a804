import assert from 'node:assert/strict';
import { displayUrl } from '../../../apps/gateway/src/display-url.js';

describe('gateway: URLs in the start-up summary', () => {
  it('never shows userinfo, a query or a fragment', () => {
    assert.equal(displayUrl('redis://:hunter2@cache:6379/0'), 'redis://***@cache:6379/0');
    assert.equal(displayUrl('https://hooks.example/t/abc?key=1#x', { path: false }), 'https://hooks.example');
  });

  it('shows a Redis Cluster URL by its scheme and hosts, its password masked', () => {
    assert.equal(displayUrl('redis+cluster://10.0.0.1:7000,10.0.0.2:7000'), 'redis+cluster://10.0.0.1:7000,10.0.0.2:7000');
    assert.equal(displayUrl('rediss+cluster://:hunter2@a:7000,b:7000/?x=1'), 'rediss+cluster://***@a:7000,b:7000');
    assert.ok(!displayUrl('redis+cluster://user:hunter2@a:7000,b:7000').includes('hunter2'));
  });

  it('shows nothing of what no parser reads', () => {
    assert.equal(displayUrl('not a url :hunter2@'), '(unparsable URL)');
  });
});
