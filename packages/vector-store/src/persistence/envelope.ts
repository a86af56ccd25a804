/**
 * Envelope v1: the documented container around an hnswlib index (docs/reference/envelope-v1.md).
 * `VCALENV1`, u32 LE header length, the header as UTF-8 JSON, then the payload, checked by SHA-256.
 */
import { createHash } from 'node:crypto';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { AtomicFile, writeAll } from './atomic-file.js';
import { parseEnvelopeHeader, type EnvelopeHeader, type EnvelopeHeaderInput } from './envelope-header.js';
import { errnoCode, fileError, messageOf } from './file-error.js';
import { PRIVATE_FILE_MODE } from './file-modes.js';

export { ENVELOPE_FORMAT, ENVELOPE_VERSION, type EnvelopeHeader, type EnvelopeHeaderInput } from './envelope-header.js';

/**
 * The 8 bytes every Envelope v1 file starts with.
 * @example
 * const looksLikeEnvelope = (head: Buffer) => head.subarray(0, ENVELOPE_MAGIC.length).equals(ENVELOPE_MAGIC);
 */
export const ENVELOPE_MAGIC = Buffer.from('VCALENV1', 'ascii');
/** Magic plus the u32 header length: the header JSON starts at this offset. */
export const ENVELOPE_PREFIX_BYTES = 12;
/** A header longer than this is not one we wrote: the file is refused before allocating it. */
const MAX_HEADER_BYTES = 64 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Writes the envelope into an open atomic file, streaming the payload from `payloadFile` while hashing it.
 * The header's length is fixed before the copy (the digest is always 64 hex digits and the payload length
 * is the payload file's size), so it is reserved with a zero digest and overwritten once the digest is known.
 */
export async function writeEnvelopeInto(
  file: AtomicFile,
  input: EnvelopeHeaderInput,
  payloadFile: string,
): Promise<EnvelopeHeader> {
  const payload = await open(payloadFile, 'r');
  try {
    const { size } = await payload.stat();
    const headerOf = (sha256: string): EnvelopeHeader => ({
      format: 'vcal-hnsw',
      version: 1,
      dims: input.dims,
      metric: input.metric,
      M: input.M,
      ef_construction: input.ef_construction,
      count: input.count,
      server_version: input.server_version,
      saved_at: input.saved_at,
      snapshot_id: input.snapshot_id,
      payload_bytes: size,
      payload_sha256: sha256,
    });
    const reserved = Buffer.from(JSON.stringify(headerOf('0'.repeat(64))), 'utf8');
    const prefix = Buffer.alloc(ENVELOPE_PREFIX_BYTES);
    ENVELOPE_MAGIC.copy(prefix, 0);
    prefix.writeUInt32LE(reserved.byteLength, 8);
    await file.write(prefix);
    await file.write(reserved);

    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let copied = 0;
    for (;;) {
      const { bytesRead } = await payload.read(buffer, 0, CHUNK_BYTES, copied);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      await file.write(chunk);
      copied += bytesRead;
    }
    if (copied !== size) throw new Error(`${payloadFile} changed size while it was copied (${size} → ${copied} bytes)`);

    const header = headerOf(hash.digest('hex'));
    const final = Buffer.from(JSON.stringify(header), 'utf8');
    // Same length by construction; the check guards the reservation's reasoning, not the data.
    if (final.byteLength !== reserved.byteLength) throw new Error('envelope header changed length after hashing');
    await file.writeAt(ENVELOPE_PREFIX_BYTES, final);
    return header;
  } finally {
    await payload.close();
  }
}

/**
 * Writes `target` as an Envelope v1 around the index bytes in `payloadFile`, atomically (temp, fsync,
 * rename, directory fsync). The payload is streamed, never held whole in memory.
 * @example
 * await index.writeTo(tmpIndex);
 * const header = await writeEnvelope('/data/vcal.index', { dims: 384, metric: 'cosine', M: 16,
 *   ef_construction: 200, count: 1000, server_version: '0.1.0', saved_at: new Date().toISOString(),
 *   snapshot_id: newSnapshotId() }, tmpIndex);
 */
export async function writeEnvelope(target: string, header: EnvelopeHeaderInput, payloadFile: string): Promise<EnvelopeHeader> {
  const file = await AtomicFile.create(target);
  try {
    const written = await writeEnvelopeInto(file, header, payloadFile);
    await file.commit();
    return written;
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/** Reads and validates the prefix and header of an open envelope, and checks the file's length against it. */
async function readHeaderFrom(handle: FileHandle, label: string): Promise<{ header: EnvelopeHeader; payloadOffset: number }> {
  const { size } = await handle.stat();
  const prefix = Buffer.alloc(ENVELOPE_PREFIX_BYTES);
  const { bytesRead } = await handle.read(prefix, 0, ENVELOPE_PREFIX_BYTES, 0);
  if (bytesRead < ENVELOPE_MAGIC.byteLength || !prefix.subarray(0, 8).equals(ENVELOPE_MAGIC)) {
    throw fileError(label, `not an Envelope v1 file (it does not start with "VCALENV1")`);
  }
  if (bytesRead < ENVELOPE_PREFIX_BYTES) throw fileError(label, `truncated: ${size} bytes, shorter than the envelope prefix`);
  const headerBytes = prefix.readUInt32LE(8);
  if (headerBytes === 0 || headerBytes > MAX_HEADER_BYTES) {
    throw fileError(label, `corrupt envelope: header length ${headerBytes} is outside 1..${MAX_HEADER_BYTES}`);
  }
  const payloadOffset = ENVELOPE_PREFIX_BYTES + headerBytes;
  if (size < payloadOffset) throw fileError(label, `truncated: ${size} bytes, the header alone needs ${payloadOffset}`);
  const raw = Buffer.alloc(headerBytes);
  await handle.read(raw, 0, headerBytes, ENVELOPE_PREFIX_BYTES);
  const header = parseEnvelopeHeader(raw, label);
  const expected = payloadOffset + header.payload_bytes;
  if (size < expected) throw fileError(label, `truncated: ${size} bytes, the header announces ${expected}`);
  if (size > expected) throw fileError(label, `corrupt envelope: ${size - expected} bytes after the payload`);
  return { header, payloadOffset };
}

async function openForReading(file: string, label: string): Promise<FileHandle> {
  try {
    return await open(file, 'r');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') throw fileError(label, 'missing', error);
    throw fileError(label, `cannot be read (${messageOf(error)})`, error);
  }
}

/**
 * The validated header of an envelope file (the payload's checksum is checked by `extractEnvelopePayload`).
 * `label` names the file in errors; the path by default.
 * @example
 * const { dims, snapshot_id } = await readEnvelopeHeader('/data/vcal.index');
 */
export async function readEnvelopeHeader(file: string, label: string = file): Promise<EnvelopeHeader> {
  const handle = await openForReading(file, label);
  try {
    return (await readHeaderFrom(handle, label)).header;
  } finally {
    await handle.close();
  }
}

/**
 * Copies the payload of an envelope to `outFile`, streaming, verifying its length and SHA-256 on the way.
 * A truncated or corrupt envelope is refused with `failed_precondition` naming the file, and `outFile` is removed.
 * @example
 * const header = await extractEnvelopePayload('/data/vcal.index', '/data/.vcal.index.tmp-payload');
 * const index = await HnswIndex.readFrom('/data/.vcal.index.tmp-payload', indexOptions);
 */
export async function extractEnvelopePayload(file: string, outFile: string, label: string = file): Promise<EnvelopeHeader> {
  const handle = await openForReading(file, label);
  try {
    const { header, payloadOffset } = await readHeaderFrom(handle, label);
    const out = await open(outFile, 'w', PRIVATE_FILE_MODE);
    try {
      const hash = createHash('sha256');
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      let copied = 0;
      while (copied < header.payload_bytes) {
        const want = Math.min(CHUNK_BYTES, header.payload_bytes - copied);
        const { bytesRead } = await handle.read(buffer, 0, want, payloadOffset + copied);
        if (bytesRead === 0)
          throw fileError(label, `truncated: the payload ends after ${copied} of ${header.payload_bytes} bytes`);
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await writeAll(out, chunk);
        copied += bytesRead;
      }
      const digest = hash.digest('hex');
      if (digest !== header.payload_sha256) {
        throw fileError(
          label,
          `payload checksum mismatch: the header says sha256 ${header.payload_sha256}, the payload hashes to ${digest}`,
        );
      }
      await out.close();
      return header;
    } catch (error) {
      await out.close().catch(() => undefined);
      await unlink(outFile).catch(() => undefined);
      throw error;
    }
  } finally {
    await handle.close();
  }
}
