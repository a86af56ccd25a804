import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractEnvelopePayload, readEnvelopeHeader, writeEnvelope, type EnvelopeHeaderInput } from '@sluice/vector-store';
import { flipBit, randomFile, rejectsNaming, withTempDir } from './files-under-test.js';

const HEADER: EnvelopeHeaderInput = {
  dims: 384,
  metric: 'cosine',
  M: 16,
  ef_construction: 200,
  count: 1234,
  server_version: '0.1.0',
  saved_at: '2025-01-02T03:04:05.678Z',
  snapshot_id: '7f3a0c9e5b1d4e2f8a6b0c1d2e3f4a5b',
};

async function envelopeIn(dir: string, payloadBytes: number): Promise<{ file: string; payload: Buffer }> {
  const payload = await randomFile(join(dir, 'payload.bin'), payloadBytes);
  const file = join(dir, 'vcal.index');
  await writeEnvelope(file, HEADER, join(dir, 'payload.bin'));
  return { file, payload };
}

describe('vector-store persistence: Envelope v1', () => {
  it('round-trips a multi-megabyte payload with its header and checksum', async () => {
    await withTempDir(async (dir) => {
      const { file, payload } = await envelopeIn(dir, 3 * 1024 * 1024 + 17);
      const header = await readEnvelopeHeader(file);
      assert.deepEqual(header, {
        format: 'vcal-hnsw',
        version: 1,
        ...HEADER,
        payload_bytes: payload.byteLength,
        payload_sha256: createHash('sha256').update(payload).digest('hex'),
      });
      const bytes = await readFile(file);
      assert.equal(bytes.subarray(0, 8).toString('ascii'), 'VCALENV1');
      const headerBytes = bytes.readUInt32LE(8);
      assert.deepEqual(JSON.parse(bytes.subarray(12, 12 + headerBytes).toString('utf8')), header);
      assert.equal(bytes.byteLength, 12 + headerBytes + payload.byteLength);

      const out = join(dir, 'extracted.bin');
      assert.deepEqual(await extractEnvelopePayload(file, out), header);
      assert.ok((await readFile(out)).equals(payload));
      assert.deepEqual((await readdir(dir)).sort(), ['extracted.bin', 'payload.bin', 'vcal.index']);
    });
  });

  it('refuses a truncated envelope, naming the file', async () => {
    await withTempDir(async (dir) => {
      const { file } = await envelopeIn(dir, 64 * 1024);
      await truncate(file, (await stat(file)).size - 100);
      await rejectsNaming(readEnvelopeHeader(file, 'vcal.index'), 'vcal.index', /truncated/);
      await rejectsNaming(extractEnvelopePayload(file, join(dir, 'out.bin')), file, /truncated/);
      assert.deepEqual((await readdir(dir)).sort(), ['payload.bin', 'vcal.index']);
      await truncate(file, 40);
      await rejectsNaming(readEnvelopeHeader(file), file, /truncated/);
    });
  });

  it('refuses a bit-flipped payload on extraction and removes the partial output', async () => {
    await withTempDir(async (dir) => {
      const { file } = await envelopeIn(dir, 64 * 1024);
      await flipBit(file, -1000);
      await readEnvelopeHeader(file);
      await rejectsNaming(extractEnvelopePayload(file, join(dir, 'out.bin'), 'vcal.index'), 'vcal.index', /checksum mismatch/);
      assert.deepEqual((await readdir(dir)).sort(), ['payload.bin', 'vcal.index']);
    });
  });

  it('refuses a damaged header or a file that is not an envelope', async () => {
    await withTempDir(async (dir) => {
      const { file } = await envelopeIn(dir, 1024);
      await flipBit(file, 12);
      await rejectsNaming(readEnvelopeHeader(file), file, /corrupt envelope header/);
      await writeFile(file, 'hnswlib bytes without an envelope');
      await rejectsNaming(readEnvelopeHeader(file), file, /not an Envelope v1 file/);
      await rejectsNaming(readEnvelopeHeader(join(dir, 'absent.index')), join(dir, 'absent.index'), /missing/);
    });
  });

  it('refuses trailing bytes after the payload', async () => {
    await withTempDir(async (dir) => {
      const { file } = await envelopeIn(dir, 1024);
      await writeFile(file, Buffer.concat([await readFile(file), Buffer.from('extra')]));
      await rejectsNaming(readEnvelopeHeader(file), file, /5 bytes after the payload/);
    });
  });
});
