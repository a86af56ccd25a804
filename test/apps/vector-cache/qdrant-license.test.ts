/** The license on the `qdrant` backend: max_vectors counts the shared collection, whichever instance wrote. */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateLicenseKeyPair, issueLicense } from '@sluice/vector-cache';
import { QdrantPeer } from '../../fixtures/qdrant-peer.js';
import { collectionName, qdrantEnv } from './qdrant-backend.js';
import { assertServiceError, axis, startService, type ServiceUnderTest } from './service-under-test.js';

describe('vector-cache (qdrant): the license over a shared collection', () => {
  let peer: QdrantPeer;
  let dir: string;
  const services: ServiceUnderTest[] = [];

  before(async () => {
    peer = await QdrantPeer.start();
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-qdrant-license-'));
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
  });
  after(async () => {
    await peer.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function licensedPair(options: { maxVectors?: number; now?: number; days: number }): Promise<ServiceUnderTest[]> {
    const keys = generateLicenseKeyPair();
    const licenseFile = path.join(dir, `${collectionName()}.json`);
    await writeFile(licenseFile, JSON.stringify(issueLicense({ org: 'acme', tier: 'pro', ...options }, keys.privateKeyPem)));
    await writeFile(`${licenseFile}.pub`, keys.publicKeyPem);
    const env = {
      ...qdrantEnv(peer.url),
      SVC_LICENSE_REQUIRED: '1',
      SVC_LICENSE_FILE: licenseFile,
      SVC_LICENSE_PUBKEY_FILE: `${licenseFile}.pub`,
    };
    for (let i = 0; i < 2; i++) services.push(await startService(env));
    return services;
  }

  it('refuses a new id past max_vectors counted over every instance, and takes upserts of existing ids', async () => {
    const [a, b] = (await licensedPair({ days: 30, maxVectors: 3 })) as [ServiceUnderTest, ServiceUnderTest];
    for (const id of [1, 2])
      assert.equal((await a.post('/v1/insert', { ext_id: id, vector: axis(id), answer: `${id}` })).status, 200);
    assert.equal((await b.post('/v1/insert', { ext_id: 3, vector: axis(3), answer: '3' })).status, 200);
    for (const route of ['/v1/insert', '/v1/upsert']) {
      const past = assertServiceError(await a.post(route, { ext_id: 4, vector: axis(4), answer: '4' }), 403, 'PERMISSION_DENIED');
      assert.deepEqual(past.details, { max_vectors: 3 });
    }
    assert.equal((await b.post('/v1/upsert', { ext_id: 1, vector: axis(1), answer: 'one, changed' })).status, 200);
    assert.equal((await b.post('/v1/delete', { ext_id: 2 })).status, 200);
    assert.equal((await a.post('/v1/insert', { ext_id: 4, vector: axis(4), answer: '4' })).status, 200);
    assert.equal(await a.service.store.count(), 3);
  });
});
