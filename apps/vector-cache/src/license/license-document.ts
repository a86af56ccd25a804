/** The license file's shape, checked at the door, and the bytes its signature covers. */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { canonicalJson } from '@sluice/util';

/** RFC 3339 date-time: `2026-01-01T00:00:00Z`, optional fraction, `Z` or a numeric offset. */
const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$';

const LicenseSchema = Type.Object(
  {
    license_id: Type.String({ minLength: 1 }),
    org: Type.String({ minLength: 1 }),
    tier: Type.String({ minLength: 1 }),
    issued_at: Type.String({ pattern: RFC3339 }),
    expires_at: Type.String({ pattern: RFC3339 }),
    max_vectors: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    signature: Type.String({ minLength: 1 }),
  },
  // Fields a newer issuer adds are kept: the signature covers them, so they cannot be altered either.
  { additionalProperties: true },
);

const validator = Compile(LicenseSchema);

/** A license as its JSON file holds it. Times are RFC 3339; `signature` is Ed25519, base64. */
export interface License {
  readonly license_id: string;
  readonly org: string;
  readonly tier: string;
  readonly issued_at: string;
  readonly expires_at: string;
  /** The most vectors the service may hold under this license; absent means no limit. */
  readonly max_vectors?: number;
  readonly signature: string;
  readonly [field: string]: unknown;
}

/** A license whose shape and times have been checked, with its expiry as epoch milliseconds. */
export interface LicenseDocument {
  readonly license: License;
  readonly expiresAtMs: number;
}

/** Checks the shape of a parsed license; returns the document or the reason it is malformed. */
export function readLicenseDocument(value: unknown): LicenseDocument | string {
  if (!validator.Check(value)) return `malformed license: ${firstProblem(value)}`;
  const license = value as License;
  const issuedAtMs = Date.parse(license.issued_at);
  const expiresAtMs = Date.parse(license.expires_at);
  if (Number.isNaN(issuedAtMs)) return 'malformed license: issued_at is not a real date-time';
  if (Number.isNaN(expiresAtMs)) return 'malformed license: expires_at is not a real date-time';
  if (expiresAtMs <= issuedAtMs) return 'malformed license: expires_at must be later than issued_at';
  return { license, expiresAtMs };
}

/** The first schema error in words a person issuing or installing a license understands. */
function firstProblem(value: unknown): string {
  const first = [...validator.Errors(value)][0];
  if (first === undefined) return 'the license is invalid';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (field === '') {
    if (first.keyword === 'required') return `missing fields: ${missingFields(first.params)}`;
    return 'the license must be a JSON object';
  }
  if (first.keyword === 'pattern') return `${field} must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z`;
  return `${field} ${first.message}`;
}

function missingFields(params: unknown): string {
  const names = (params as { requiredProperties?: unknown }).requiredProperties;
  return Array.isArray(names) ? names.join(', ') : 'some required fields';
}

/** Parses the JSON text of a license file and checks its shape. */
export function parseLicenseText(text: string): LicenseDocument | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `malformed license: not JSON (${(error as Error).message})`;
  }
  return readLicenseDocument(value);
}

/** The bytes the signature covers: the canonical JSON of every field but `signature`. */
export function signedPayload(fields: Readonly<Record<string, unknown>>): Buffer {
  const unsigned: Record<string, unknown> = { ...fields };
  delete unsigned.signature;
  return Buffer.from(canonicalJson(unsigned), 'utf8');
}
