import assert from 'node:assert/strict';
import { API_KEY, startAudit, type AuditUnderTest } from './audit-under-test.js';

describe('audit: every failure in the service envelope, as the module has always answered it', () => {
  let audit: AuditUnderTest;
  before(async () => {
    audit = await startAudit({ maxBodyBytes: 64 });
  });
  after(() => audit.dispose());

  async function wire(response: Response): Promise<[number, string]> {
    return [response.status, await response.text()];
  }
  const batch = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${audit.url}/v1/events/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}`, ...headers },
      body,
    });

  it('answers unknown routes 404 and other methods 405 naming the one served', async () => {
    assert.deepEqual(await wire(await fetch(`${audit.url}/v2/nothing`)), [
      404,
      '{"error":{"code":"not_found","message":"No such route."}}',
    ]);
    assert.deepEqual(await wire(await fetch(`${audit.url}/v1/events/batch`)), [
      405,
      '{"error":{"code":"method_not_allowed","message":"Use POST."}}',
    ]);
    assert.deepEqual(await wire(await fetch(`${audit.url}/healthz`, { method: 'POST' })), [
      405,
      '{"error":{"code":"method_not_allowed","message":"Use GET."}}',
    ]);
  });

  it('names the header a key is asked in', async () => {
    assert.deepEqual(await wire(await batch('{}', { authorization: 'Bearer wrong' })), [
      401,
      '{"error":{"code":"unauthenticated","message":"A valid Authorization: Bearer header is required."}}',
    ]);
    assert.deepEqual(await wire(await fetch(`${audit.url}/v1/events`)), [
      401,
      '{"error":{"code":"unauthenticated","message":"A valid X-API-Key header is required."}}',
    ]);
  });

  it('refuses a body that is not JSON, too large or unparsable', async () => {
    const [status, text] = await wire(await batch('{}', { 'content-type': 'text/plain' }));
    assert.equal(status, 415);
    assert.equal(
      text,
      '{"error":{"code":"unsupported_media_type","message":"Content-Type must be application/json, not \\"text/plain\\"."}}',
    );
    const large = await batch(JSON.stringify({ text: 'x'.repeat(100) }));
    assert.equal(large.headers.get('connection'), 'close');
    assert.deepEqual(await wire(large), [413, '{"error":{"code":"too_large","message":"The body is larger than 64 bytes."}}']);
    assert.deepEqual(await wire(await batch('{"a":')), [
      400,
      '{"error":{"code":"invalid_json","message":"The body is not valid JSON."}}',
    ]);
  });
});
