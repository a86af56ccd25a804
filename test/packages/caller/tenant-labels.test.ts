import assert from 'node:assert/strict';
import { OTHER_TENANTS, TenantLabels } from '@sluice/caller';

describe('caller: TenantLabels', () => {
  it('gives the named tenants, then the first ones seen, a label of their own up to the limit', () => {
    const labels = new TenantLabels(3, ['acme']);
    assert.equal(labels.of('globex'), 'globex');
    assert.equal(labels.of('initech'), 'initech');
    assert.equal(labels.of('umbrella'), OTHER_TENANTS);
    assert.equal(labels.of('acme'), 'acme');
    assert.equal(labels.of('globex'), 'globex', 'a tenant keeps its label');
  });

  it('never hands out more than the limit, however many tenants come', () => {
    const labels = new TenantLabels(5);
    const values = new Set(Array.from({ length: 1000 }, (_, i) => labels.of(`t${i}`)));
    assert.equal(values.size, 6);
    assert.ok(values.has(OTHER_TENANTS));
  });

  it('does not let a tenant named other take a slot', () => {
    const labels = new TenantLabels(1);
    assert.equal(labels.of(OTHER_TENANTS), OTHER_TENANTS);
    assert.equal(labels.of('acme'), 'acme');
  });
});
