/** The Envelope v1 header: its fields, and the validation a reader applies before trusting any of them. */
import { METRICS, type Metric } from '../vector-store.js';
import { fileError, messageOf } from './file-error.js';

export const ENVELOPE_FORMAT = 'vcal-hnsw';
export const ENVELOPE_VERSION = 1;

/**
 * The header of an Envelope v1 file, field names as they appear in the file.
 * @example
 * const header: EnvelopeHeader = await readEnvelopeHeader('/data/vcal.index');
 * if (header.dims !== 384) throw new Error(`the snapshot holds ${header.dims}-dimensional vectors`);
 */
export interface EnvelopeHeader {
  readonly format: typeof ENVELOPE_FORMAT;
  readonly version: typeof ENVELOPE_VERSION;
  readonly dims: number;
  readonly metric: Metric;
  readonly M: number;
  readonly ef_construction: number;
  /** Elements in the index, as its writer counted them. */
  readonly count: number;
  readonly server_version: string;
  /** RFC 3339. */
  readonly saved_at: string;
  readonly snapshot_id: string;
  readonly payload_bytes: number;
  /** Lower-case hex SHA-256 of the payload bytes. */
  readonly payload_sha256: string;
}

/**
 * What a writer supplies; format, version and the payload fields are filled in while writing.
 * @example
 * const input: EnvelopeHeaderInput = {
 *   dims: 384, metric: 'cosine', M: 16, ef_construction: 200, count: index.activeCount,
 *   server_version: '0.1.0', saved_at: new Date().toISOString(), snapshot_id: newSnapshotId(),
 * };
 * await writeEnvelope('/data/vcal.index', input, tmpIndex);
 */
export type EnvelopeHeaderInput = Omit<EnvelopeHeader, 'format' | 'version' | 'payload_bytes' | 'payload_sha256'>;

const POSITIVE_INTEGERS = ['dims', 'M', 'ef_construction'] as const;
const COUNTS = ['count', 'payload_bytes'] as const;
const STRINGS = ['server_version', 'saved_at', 'snapshot_id'] as const;

/** Parses the header bytes; anything malformed is `failed_precondition` naming the file and the field. */
export function parseEnvelopeHeader(raw: Buffer, label: string): EnvelopeHeader {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw fileError(label, `corrupt envelope header: not JSON (${messageOf(error)})`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fileError(label, 'corrupt envelope header: not a JSON object');
  }
  const h = value as Record<string, unknown>;
  const bad = (reason: string) => fileError(label, `corrupt envelope header: ${reason}`);
  if (h.format !== ENVELOPE_FORMAT) throw bad(`format ${JSON.stringify(h.format)} is not "${ENVELOPE_FORMAT}"`);
  if (h.version !== ENVELOPE_VERSION)
    throw fileError(label, `envelope version ${JSON.stringify(h.version)} is not supported (expected 1)`);
  for (const key of POSITIVE_INTEGERS) {
    if (!Number.isSafeInteger(h[key]) || (h[key] as number) < 1)
      throw bad(`${key} ${JSON.stringify(h[key])} is not a positive integer`);
  }
  for (const key of COUNTS) {
    if (!Number.isSafeInteger(h[key]) || (h[key] as number) < 0) throw bad(`${key} ${JSON.stringify(h[key])} is not a count`);
  }
  for (const key of STRINGS) {
    if (typeof h[key] !== 'string' || h[key] === '') throw bad(`${key} is missing or not a string`);
  }
  if (!METRICS.includes(h.metric as Metric)) throw bad(`metric ${JSON.stringify(h.metric)} is not one of ${METRICS.join(', ')}`);
  if (Number.isNaN(Date.parse(h.saved_at as string))) throw bad(`saved_at ${JSON.stringify(h.saved_at)} is not a date`);
  if (typeof h.payload_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(h.payload_sha256)) {
    throw bad('payload_sha256 is not 64 lower-case hex digits');
  }
  return h as unknown as EnvelopeHeader;
}
