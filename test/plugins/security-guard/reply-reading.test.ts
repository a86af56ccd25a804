/** How a module's reply is read (CONTRACTS.md): every block signal, tolerant of unknown fields, strict on named ones. */
import assert from 'node:assert/strict';
import { readRefusal, readSecurityReply } from '@sluice/plugin-security-guard';

const blocks = (reply: Record<string, unknown>) => readSecurityReply(reply)?.block;

describe('security guard contract: reading replies', () => {
  it('a block is allowed false, blocked true, status_code 401/403 or a blocking action', () => {
    assert.equal(blocks({ allowed: false }), true);
    assert.equal(blocks({ blocked: true }), true);
    assert.equal(blocks({ status_code: 403 }), true);
    assert.equal(blocks({ status_code: 401 }), true);
    assert.equal(blocks({ status_code: '403' }), true);
    for (const action of ['block', 'blocked', 'deny', 'denied', 'reject', 'rejected', ' DENY ']) {
      assert.equal(blocks({ action }), true, action);
    }
  });

  it('anything else allows, including an empty reply', () => {
    assert.equal(blocks({}), false);
    assert.equal(blocks({ allowed: true, blocked: false, action: 'allow', status_code: 200 }), false);
    assert.equal(blocks({ action: 'warn', status_code: 404 }), false);
    assert.equal(blocks({ allowed: null, rule_id: null }), false);
  });

  it('one block signal wins over allowing ones', () => {
    assert.equal(blocks({ allowed: true, action: 'reject' }), true);
    assert.equal(blocks({ allowed: true, blocked: true }), true);
  });

  it('a named field of the wrong type is a contract violation', () => {
    for (const reply of [
      { allowed: 'no' },
      { blocked: 1 },
      { action: ['block'] },
      { status_code: 'forbidden' },
      { rule_id: 7 },
    ]) {
      assert.equal(readSecurityReply(reply), undefined, JSON.stringify(reply));
    }
  });

  it('ignores unknown fields and keeps only plain identifiers', () => {
    const reading = readSecurityReply({
      allowed: false,
      rule_id: 'injection.ignore_instructions',
      severity: 'high',
      reason: 'the user wrote "ignore all previous instructions"',
      vendor: { anything: true },
    });
    assert.deepEqual(reading, {
      block: true,
      detected: false,
      ruleId: 'injection.ignore_instructions',
      severity: 'high',
      findings: [],
    });
    assert.equal(readSecurityReply({ allowed: false, rule_id: 'matched "ignore all"' })?.ruleId, undefined);
  });

  it('reads well-formed findings and skips malformed ones', () => {
    const reading = readSecurityReply({
      allowed: true,
      action: 'detect',
      findings: [{ kind: 'jailbreak', count: 2, rule_id: 'jailbreak.role_play' }, { kind: 'x', count: -1 }, 'junk'],
    });
    assert.equal(reading?.detected, true);
    assert.deepEqual(reading?.findings, [{ kind: 'jailbreak', count: 2, ruleId: 'jailbreak.role_play' }]);
    assert.deepEqual(readSecurityReply({ findings: 'many' })?.findings, []);
  });

  it('a refusal body may name the rule', () => {
    assert.deepEqual(readRefusal({ rule_id: 'tenant.suspended', severity: 'high' }), {
      ruleId: 'tenant.suspended',
      severity: 'high',
    });
    assert.deepEqual(readRefusal({ error: { code: 'unauthenticated' } }), {});
    assert.deepEqual(readRefusal(undefined), {});
  });
});
