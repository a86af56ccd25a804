import assert from 'node:assert/strict';
import { Metrics } from '@sluice/core';
import { baseUrlProblem, normaliseBaseUrl } from '@sluice/util';
import { OpenAIEmbedder } from '@sluice/plugin-semantic-cache';

describe('semantic-cache: OpenAIEmbedder options', () => {
  it('takes a provider root or a /v1 base', () => {
    assert.equal(normaliseBaseUrl('https://api.openai.com'), 'https://api.openai.com/v1');
    assert.equal(normaliseBaseUrl('https://api.openai.com/v1/'), 'https://api.openai.com/v1');
    assert.equal(normaliseBaseUrl('http://127.0.0.1:11434'), 'http://127.0.0.1:11434/v1');
    assert.equal(normaliseBaseUrl('https://host/openai'), 'https://host/openai/v1');
  });

  it('rejects a full endpoint path and suggests the base', () => {
    assert.equal(
      baseUrlProblem('https://api.openai.com/v1/embeddings'),
      'must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?',
    );
    assert.match(baseUrlProblem('ftp://h/v1') ?? '', /http:\/\/ or https:\/\//);
    assert.match(baseUrlProblem('api.openai.com') ?? '', /is not a URL/);
    assert.equal(baseUrlProblem('http://127.0.0.1:9000/v1'), undefined);
  });

  const base = { baseUrl: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 1000, metrics: new Metrics() };
  const bad: [string, Partial<typeof base> & { connections?: number; dims?: number }, RegExp][] = [
    ['an endpoint as base URL', { baseUrl: 'http://h/v1/embeddings' }, /embedding_base_url must be a provider root/],
    ['an empty model', { model: ' ' }, /model must be a model name/],
    ['a zero timeout', { timeoutMs: 0 }, /timeoutMs must be a positive number/],
    ['a fractional pool', { connections: 1.5 }, /connections must be a whole number/],
    ['zero dims', { dims: 0 }, /dims must be a whole number/],
  ];
  for (const [name, options, message] of bad) {
    it(`refuses ${name} at construction`, () => {
      assert.throws(() => new OpenAIEmbedder({ ...base, ...options }), message);
    });
  }

  it('creates its metrics once per registry, however many embedders share it', async () => {
    const metrics = new Metrics();
    const a = new OpenAIEmbedder({ ...base, metrics });
    const b = new OpenAIEmbedder({ ...base, metrics });
    assert.ok(metrics.registry.getSingleMetric('gw_embedding_request_duration_seconds'));
    assert.ok(metrics.registry.getSingleMetric('gw_embedding_timeouts_total'));
    await Promise.all([a.close(), b.close()]);
  });
});
