import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertServiceError, axis, startService, type Reply, type ServiceUnderTest } from './service-under-test.js';

const APP_KEY = 'app-key';
const ADMIN_KEY = 'admin-key';
const WRONG_KEY = 'wrong-key';
const AUTH = { SVC_AUTH_REQUIRED: '1', SVC_APP_KEYS: APP_KEY, SVC_ADMIN_KEYS: ADMIN_KEY };

type Scope = 'public' | 'app' | 'admin';
type Kind = 'none' | 'wrong' | 'app' | 'admin';

interface Endpoint {
  readonly method: 'GET' | 'POST';
  readonly route: string;
  readonly scope: Scope;
  readonly body?: () => unknown;
}

let nextId = 1000;
const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', route: '/healthz', scope: 'public' },
  { method: 'GET', route: '/readyz', scope: 'app' },
  { method: 'POST', route: '/v1/insert', scope: 'app', body: () => ({ ext_id: nextId++, vector: axis(nextId), answer: 'a' }) },
  { method: 'POST', route: '/v1/upsert', scope: 'app', body: () => ({ ext_id: 1, vector: axis(0), answer: 'one' }) },
  { method: 'POST', route: '/v1/delete', scope: 'app', body: () => ({ ext_id: 999 }) },
  { method: 'POST', route: '/v1/search', scope: 'app', body: () => ({ query: axis(0), k: 2 }) },
  { method: 'POST', route: '/v1/qa', scope: 'app', body: () => ({ query: axis(0) }) },
  { method: 'POST', route: '/v1/snapshot/save', scope: 'admin', body: () => ({ path: 'matrix/vcal.index' }) },
  { method: 'POST', route: '/v1/snapshot/load', scope: 'admin', body: () => ({ path: 'matrix/vcal.index' }) },
  { method: 'POST', route: '/v1/answers/save', scope: 'admin', body: () => ({ path: 'matrix/answers-export.json' }) },
  { method: 'POST', route: '/v1/answers/load', scope: 'admin', body: () => ({ path: 'matrix/answers-export.json' }) },
  { method: 'GET', route: '/v1/license/status', scope: 'admin' },
  { method: 'GET', route: '/metrics', scope: 'app' },
  { method: 'GET', route: '/api-docs', scope: 'public' },
  { method: 'GET', route: '/api-docs/openapi.json', scope: 'public' },
];

const CALLERS: readonly { readonly name: string; readonly kind: Kind; readonly headers: Record<string, string> }[] = [
  { name: 'no key', kind: 'none', headers: {} },
  { name: 'a wrong key in X-SVC-Key', kind: 'wrong', headers: { 'x-svc-key': WRONG_KEY } },
  { name: 'a wrong Bearer key', kind: 'wrong', headers: { authorization: `Bearer ${WRONG_KEY}` } },
  { name: 'the app key in X-SVC-Key', kind: 'app', headers: { 'x-svc-key': APP_KEY } },
  { name: 'the app key as Bearer', kind: 'app', headers: { authorization: `Bearer ${APP_KEY}` } },
  { name: 'the admin key in X-SVC-Key', kind: 'admin', headers: { 'x-svc-key': ADMIN_KEY } },
  { name: 'the admin key as Bearer', kind: 'admin', headers: { authorization: `Bearer ${ADMIN_KEY}` } },
];

/** CONTRACTS.md: no key or a wrong key 401, an app key on an admin endpoint 403, an admin key may do all. */
function expected(scope: Scope, kind: Kind): { status: number; code?: string } {
  if (scope === 'public') return { status: 200 };
  if (kind === 'none' || kind === 'wrong') return { status: 401, code: 'UNAUTHENTICATED' };
  if (scope === 'admin' && kind === 'app') return { status: 403, code: 'PERMISSION_DENIED' };
  return { status: 200 };
}

const call = (svc: ServiceUnderTest, endpoint: Endpoint, headers: Record<string, string>): Promise<Reply> =>
  endpoint.method === 'GET' ? svc.get(endpoint.route, headers) : svc.post(endpoint.route, endpoint.body?.() ?? {}, headers);

/** No key, configured or presented, comes back in a body or a header. */
function assertNoKeyEchoed(reply: Reply): void {
  const headerText = [...reply.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  for (const key of [APP_KEY, ADMIN_KEY, WRONG_KEY]) {
    assert.ok(!reply.text.includes(key), `the body echoes ${key}`);
    assert.ok(!headerText.includes(key), `a header echoes ${key}`);
  }
}

describe('vector-cache: who may call what with SVC_AUTH_REQUIRED=1', () => {
  let svc: ServiceUnderTest;
  before(async () => {
    svc = await startService(AUTH);
    const admin = { 'x-svc-key': ADMIN_KEY };
    assert.equal((await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'one' }, admin)).status, 200);
    assert.equal((await svc.post('/v1/snapshot/save', { path: 'matrix/vcal.index' }, admin)).status, 200);
    assert.equal((await svc.post('/v1/answers/save', { path: 'matrix/answers-export.json' }, admin)).status, 200);
  });
  after(async () => svc?.close());

  for (const endpoint of ENDPOINTS) {
    for (const caller of CALLERS) {
      const want = expected(endpoint.scope, caller.kind);
      it(`${endpoint.method} ${endpoint.route} with ${caller.name}: ${want.status} ${want.code ?? ''}`, async () => {
        const reply = await call(svc, endpoint, caller.headers);
        if (want.code === undefined) assert.equal(reply.status, want.status, reply.text);
        else assertServiceError(reply, want.status, want.code);
        if (want.status === 401) assert.match(reply.headers.get('www-authenticate') ?? '', /^Bearer\b/);
        assertNoKeyEchoed(reply);
      });
    }
  }

  it('reads the key from X-SVC-Key when both headers are sent, and Bearer in any case', async () => {
    const both = { 'x-svc-key': APP_KEY, authorization: `Bearer ${ADMIN_KEY}` };
    assertServiceError(await svc.get('/v1/license/status', both), 403, 'PERMISSION_DENIED');
    assert.equal((await svc.get('/v1/license/status', { authorization: `bearer ${ADMIN_KEY}` })).status, 200);
    assert.equal((await svc.get('/v1/license/status', { 'x-svc-key': '', authorization: `Bearer ${ADMIN_KEY}` })).status, 200);
  });

  for (const [name, headers] of [
    ['Basic credentials', { authorization: `Basic ${Buffer.from(`user:${ADMIN_KEY}`).toString('base64')}` }],
    ['a bare key in Authorization', { authorization: ADMIN_KEY }],
    ['Bearer without a key', { authorization: 'Bearer ' }],
    ['a key with a suffix', { 'x-svc-key': `${ADMIN_KEY}x` }],
    ['a prefix of a key', { 'x-svc-key': ADMIN_KEY.slice(0, -1) }],
    ['a key in another case', { 'x-svc-key': ADMIN_KEY.toUpperCase() }],
  ] as const) {
    it(`${name}: 401 UNAUTHENTICATED`, async () => {
      const reply = await svc.post('/v1/search', { query: axis(0) }, headers);
      assertServiceError(reply, 401, 'UNAUTHENTICATED');
      assertNoKeyEchoed(reply);
    });
  }
});

describe('vector-cache: /metrics and SVC_ALLOW_METRICS_WITHOUT_AUTH', () => {
  let svc: ServiceUnderTest | undefined;
  afterEach(async () => svc?.close());

  it('without the setting, /metrics needs a key', async () => {
    svc = await startService(AUTH);
    assertServiceError(await svc.get('/metrics'), 401, 'UNAUTHENTICATED');
    assert.equal((await svc.get('/metrics', { 'x-svc-key': APP_KEY })).status, 200);
  });

  it('with SVC_ALLOW_METRICS_WITHOUT_AUTH=1, /metrics is open and nothing else is', async () => {
    svc = await startService({ ...AUTH, SVC_ALLOW_METRICS_WITHOUT_AUTH: '1' });
    const metrics = await svc.get('/metrics');
    assert.equal(metrics.status, 200);
    assert.match(metrics.text, /\nsvc_active_ids 0\n/);
    assertServiceError(await svc.get('/readyz'), 401, 'UNAUTHENTICATED');
    assertServiceError(await svc.post('/v1/search', { query: axis(0) }), 401, 'UNAUTHENTICATED');
    assertServiceError(await svc.get('/v1/license/status', { 'x-svc-key': APP_KEY }), 403, 'PERMISSION_DENIED');
  });
});

describe('vector-cache: key configuration', () => {
  let dir: string;
  let svc: ServiceUnderTest | undefined;
  beforeEach(async () => (dir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-keys-'))));
  afterEach(async () => {
    await svc?.close();
    svc = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const refusedStart = async (env: Record<string, string>): Promise<Error> => {
    const error = await startService(env, path.join(dir, 'data')).then(
      () => assert.fail('the service started'),
      (thrown: unknown) => thrown as Error,
    );
    return error;
  };

  it('SVC_AUTH_REQUIRED=1 without any key refuses to start, naming the variable', async () => {
    for (const env of [{ SVC_AUTH_REQUIRED: '1' }, { SVC_AUTH_REQUIRED: '1', SVC_APP_KEYS: ' , ,', SVC_ADMIN_KEYS: '' }]) {
      const error = await refusedStart(env);
      assert.equal(error.name, 'SettingError');
      assert.match(error.message, /^SVC_AUTH_REQUIRED: /);
    }
  });

  it('reads app and admin keys from SVC_APP_KEYS_FILE and SVC_ADMIN_KEYS_FILE', async () => {
    const appFile = path.join(dir, 'app-keys');
    const adminFile = path.join(dir, 'admin-keys');
    await writeFile(appFile, '# app keys, one a line\n\nfile-app-1\r\n  file-app-2  \n# retired-app-key\n');
    await writeFile(adminFile, 'file-admin\n');
    svc = await startService(
      { SVC_AUTH_REQUIRED: '1', SVC_APP_KEYS_FILE: appFile, SVC_ADMIN_KEYS_FILE: adminFile },
      path.join(dir, 'data'),
    );
    for (const key of ['file-app-1', 'file-app-2']) {
      assert.equal((await svc.post('/v1/search', { query: axis(0) }, { 'x-svc-key': key })).status, 200, key);
      assertServiceError(await svc.post('/v1/snapshot/save', {}, { 'x-svc-key': key }), 403, 'PERMISSION_DENIED');
    }
    assert.equal((await svc.post('/v1/snapshot/save', {}, { authorization: 'Bearer file-admin' })).status, 200);
    for (const key of ['retired-app-key', '# retired-app-key', '']) {
      assertServiceError(await svc.post('/v1/search', { query: axis(0) }, { 'x-svc-key': key }), 401, 'UNAUTHENTICATED');
    }
  });

  it('a keys file that cannot be read refuses the start, naming the variable and not the keys', async () => {
    const error = await refusedStart({ SVC_AUTH_REQUIRED: '1', SVC_APP_KEYS_FILE: path.join(dir, 'missing') });
    assert.match(error.message, /^SVC_APP_KEYS_FILE: /);
  });

  it('with SVC_AUTH_REQUIRED unset, no endpoint needs a key and a wrong one is ignored', async () => {
    svc = await startService({ SVC_APP_KEYS: APP_KEY, SVC_ADMIN_KEYS: ADMIN_KEY }, path.join(dir, 'data'));
    assert.equal((await svc.post('/v1/snapshot/save', {})).status, 200);
    assert.equal((await svc.get('/v1/license/status', { 'x-svc-key': WRONG_KEY })).status, 200);
    assert.equal((await svc.get('/readyz')).status, 200);
    assert.equal((await svc.get('/metrics')).status, 200);
  });
});
