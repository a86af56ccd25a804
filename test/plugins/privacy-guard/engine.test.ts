import assert from 'node:assert/strict';
import { parsePrivacyPolicies, PrivacyEngine, type ScanRequest } from '@sluice/plugin-privacy-guard';

const messages = [
  { role: 'system', content: 'Support desk. Escalations go to lead@corp.example.' },
  { role: 'user', content: 'I am ana@example.org, my phone is +33 6 12 34 56 78 and my server 10.0.0.7.' },
  { role: 'user', content: 'Again: reach ana@example.org, not bob@example.org.' },
];

function scanOf(mode: NonNullable<ScanRequest['mode']>, extra: Partial<ScanRequest> = {}): ScanRequest {
  return { request_id: 'r1', tenant_id: 't1', policy_id: 'default', mode, messages, ...extra };
}

describe('privacy engine: modes', () => {
  let engine: PrivacyEngine;
  beforeEach(() => {
    engine = new PrivacyEngine();
  });
  afterEach(() => engine.close());

  it('detect_only reports kinds, counts and severities and changes nothing', async () => {
    const reply = await engine.scan(scanOf('detect_only'));
    assert.equal(reply.decision, 'allow');
    assert.equal(reply.action, 'detected');
    assert.equal(reply.modified, false);
    assert.equal(reply.mapping_id, null);
    assert.deepEqual(reply.messages, messages);
    assert.deepEqual(reply.findings, [
      { kind: 'email', count: 4, severity: 'medium' },
      { kind: 'ipv4', count: 1, severity: 'low' },
      { kind: 'phone', count: 1, severity: 'medium' },
    ]);
    assert.equal(reply.request_id, 'r1');
    assert.equal(reply.tenant_id, 't1');
  });

  it('anonymize numbers each value once, the same placeholder in every message, and keeps a mapping', async () => {
    const reply = await engine.scan(scanOf('anonymize'));
    assert.equal(reply.action, 'anonymized');
    assert.equal(reply.modified, true);
    assert.deepEqual(
      reply.messages.map((m) => m.content),
      [
        'Support desk. Escalations go to [EMAIL_1].',
        'I am [EMAIL_2], my phone is [PHONE_1] and my server [IP_1].',
        'Again: reach [EMAIL_2], not [EMAIL_3].',
      ],
    );
    assert.deepEqual(
      reply.messages.map((m) => m.role),
      ['system', 'user', 'user'],
    );
    assert.ok(reply.mapping_id);
    const restored = await engine.restore({
      tenant_id: 't1',
      mapping_id: reply.mapping_id,
      messages: [{ role: 'assistant', content: 'Mail [EMAIL_2] and [EMAIL_3]; call [PHONE_1]; [EMAIL_9] stays.' }],
    });
    assert.equal(restored.restored, true);
    assert.equal(
      restored.messages[0]?.content,
      'Mail ana@example.org and bob@example.org; call +33 6 12 34 56 78; [EMAIL_9] stays.',
    );
  });

  it('numbers past placeholders the user wrote, so theirs is never restored to someone else’s value', async () => {
    const reply = await engine.scan({
      tenant_id: 't1',
      mode: 'anonymize',
      messages: [{ role: 'user', content: 'Template says [EMAIL_1]; mine is ana@example.org' }],
    });
    assert.equal(reply.messages[0]?.content, 'Template says [EMAIL_1]; mine is [EMAIL_2]');
    const back = await engine.restore({
      tenant_id: 't1',
      mapping_id: reply.mapping_id!,
      messages: [{ content: '[EMAIL_1] [EMAIL_2]' }],
    });
    assert.equal(back.messages[0]?.content, '[EMAIL_1] ana@example.org');
  });

  it('redact masks by kind for good: no mapping, nothing to restore', async () => {
    const reply = await engine.scan(scanOf('redact'));
    assert.equal(reply.action, 'redacted');
    assert.equal(reply.modified, true);
    assert.equal(reply.mapping_id, null);
    assert.equal(reply.messages[1]?.content, 'I am [REDACTED_EMAIL], my phone is [REDACTED_PHONE] and my server [REDACTED_IP].');
  });

  it('block decides block when anything is found, and allow when nothing is', async () => {
    const blocked = await engine.scan(scanOf('block'));
    assert.equal(blocked.decision, 'block');
    assert.equal(blocked.action, 'blocked');
    assert.equal(blocked.modified, false);
    const clean = await engine.scan(scanOf('block', { messages: [{ role: 'user', content: 'What is 2 + 2?' }] }));
    assert.equal(clean.decision, 'allow');
    assert.equal(clean.action, 'none');
    assert.deepEqual(clean.findings, []);
  });

  it('a text with nothing to anonymise is unmodified and has no mapping', async () => {
    const reply = await engine.scan(
      scanOf('anonymize', { messages: [{ role: 'user', content: 'Release 1.2.3.4 ships on 2024-05-01.' }] }),
    );
    assert.equal(reply.modified, false);
    assert.equal(reply.mapping_id, null);
  });

  it('restores JSON text with values escaped as inside a JSON string', async () => {
    const key = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----';
    const reply = await engine.scan({ tenant_id: 't1', mode: 'anonymize', messages: [{ role: 'user', content: `use ${key}` }] });
    const back = await engine.restore({
      tenant_id: 't1',
      mapping_id: reply.mapping_id!,
      messages: [{ content: '{"key":"[PRIVATE_KEY_1]"}', format: 'json' }],
    });
    assert.deepEqual(JSON.parse(back.messages[0]!.content), { key });
  });

  it('restores nothing for an unknown mapping or another tenant, and says so', async () => {
    const reply = await engine.scan(scanOf('anonymize'));
    for (const request of [
      { tenant_id: 't1', mapping_id: 'no-such-mapping' },
      { tenant_id: 'someone-else', mapping_id: reply.mapping_id! },
    ]) {
      const back = await engine.restore({ ...request, messages: [{ content: 'hi [EMAIL_2]' }] });
      assert.equal(back.restored, false);
      assert.equal(back.messages[0]?.content, 'hi [EMAIL_2]');
      assert.deepEqual(back.warnings, ['mapping_not_found']);
    }
  });

  it('a mapping expires after its TTL', async () => {
    const short = new PrivacyEngine({ mappingTtlSeconds: 0.05 });
    try {
      const reply = await short.scan(scanOf('anonymize'));
      await new Promise((resolve) => setTimeout(resolve, 120));
      const back = await short.restore({ tenant_id: 't1', mapping_id: reply.mapping_id!, messages: [{ content: '[EMAIL_1]' }] });
      assert.equal(back.restored, false);
    } finally {
      await short.close();
    }
  });
});

describe('privacy engine: policies', () => {
  const policies = parsePrivacyPolicies(
    {
      policies: {
        default: { kinds: ['email'] },
        strict: { mode: 'block' },
        staff: { kinds: ['email'], patterns: [{ id: 'employee_id', pattern: 'EMP-\\d{6}' }] },
      },
    },
    'test policy',
  );
  const engine = new PrivacyEngine({ policies });
  after(() => engine.close());
  const text = [{ role: 'user', content: 'ana@example.org, 10.0.0.7, EMP-123456' }];

  it('a policy limits the kinds looked for', async () => {
    const reply = await engine.scan({ mode: 'anonymize', policy_id: 'default', messages: text });
    assert.equal(reply.messages[0]?.content, '[EMAIL_1], 10.0.0.7, EMP-123456');
  });

  it('a policy’s mode wins over the one asked for', async () => {
    const reply = await engine.scan({ mode: 'anonymize', policy_id: 'strict', messages: text });
    assert.equal(reply.decision, 'block');
  });

  it('a policy’s patterns find data of kind other', async () => {
    const reply = await engine.scan({ mode: 'anonymize', policy_id: 'staff', messages: text });
    assert.equal(reply.messages[0]?.content, '[EMAIL_1], 10.0.0.7, [OTHER_1]');
    assert.deepEqual(
      reply.findings.map((f) => f.kind),
      ['email', 'other'],
    );
  });

  it('an unknown policy falls back to default with a warning', async () => {
    const reply = await engine.scan({ mode: 'anonymize', policy_id: 'nope', messages: text });
    assert.deepEqual(reply.warnings, ['unknown_policy']);
    assert.equal(reply.messages[0]?.content, '[EMAIL_1], 10.0.0.7, EMP-123456');
  });

  it('a bad policy file is refused naming the field', () => {
    assert.throws(
      () => parsePrivacyPolicies({ policies: { x: { kinds: ['passport'] } } }, 'p.json'),
      /p\.json: .*\/policies\/x\/kinds\/0/,
    );
    assert.throws(
      () => parsePrivacyPolicies({ policies: { x: { patterns: [{ id: 'bad', pattern: '(' }] } } }, 'p.json'),
      /p\.json: \/policies\/x\/patterns\/0\/pattern/,
    );
  });
});
