import assert from 'node:assert/strict';
import { baseUrlProblem, isPlaceholderKey, normaliseBaseUrl } from '@sluice/util';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';

describe('openai-upstream: base URL and keys', () => {
  it('takes a provider root or a /v1 base', () => {
    assert.equal(normaliseBaseUrl('https://api.openai.com'), 'https://api.openai.com/v1');
    assert.equal(normaliseBaseUrl('https://api.openai.com/'), 'https://api.openai.com/v1');
    assert.equal(normaliseBaseUrl('https://api.openai.com/v1'), 'https://api.openai.com/v1');
    assert.equal(normaliseBaseUrl('http://127.0.0.1:9000/v1/'), 'http://127.0.0.1:9000/v1');
    assert.equal(normaliseBaseUrl('https://host/openai'), 'https://host/openai/v1');
  });

  it('rejects a full endpoint path with the likely base', () => {
    assert.equal(
      baseUrlProblem('https://api.openai.com/v1/chat/completions'),
      'must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?',
    );
    assert.match(baseUrlProblem('http://h/v1/models') ?? '', /did you mean "http:\/\/h\/v1"/);
    assert.throws(
      () => new OpenAIUpstreamPlugin({ baseUrl: 'https://api.openai.com/v1/embeddings' }),
      /openai-upstream: upstream_base_url must be a provider root/,
    );
  });

  it('rejects what is not an http(s) URL', () => {
    assert.match(baseUrlProblem('ftp://h/v1') ?? '', /http:\/\/ or https:\/\//);
    assert.match(baseUrlProblem('api.openai.com') ?? '', /is not a URL/);
  });

  it('knows the placeholder keys', () => {
    for (const key of ['dummy', 'none', 'null', '-', '', ' Dummy ']) assert.equal(isPlaceholderKey(key), true, key);
    assert.equal(isPlaceholderKey('sk-abc'), false);
  });

  it('validates its options', () => {
    assert.throws(() => new OpenAIUpstreamPlugin({ timeoutSeconds: 0 }), /timeoutSeconds must be > 0/);
    assert.throws(() => new OpenAIUpstreamPlugin({ baseURL: 'x' } as never), /baseURL/);
  });
});
