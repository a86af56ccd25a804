/**
 * The vector answer cache's request bodies field by field, as the docs define them (docs/vector-cache.md):
 * for every field, valid values, values of the wrong type and values out of range, as JSON text.
 */
import fc from 'fast-check';
import { unicodeString, wrongTypeFor, type JsonKind } from './adversarial-json.js';

/** The fuzzed service's SVC_DIMS. */
export const FUZZ_DIMS = 8;

/** A value of a field's own JSON type that the service still refuses, and the status it refuses it with. */
export interface RefusedValue {
  readonly text: string;
  readonly status: 400 | 412;
}

export interface FieldSpec {
  readonly kind: JsonKind;
  readonly required: boolean;
  readonly valid: fc.Arbitrary<string>;
  readonly refused?: fc.Arbitrary<RefusedValue>;
}

export interface EndpointSpec {
  readonly path: string;
  readonly key: 'app' | 'admin';
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** Whether a request accepted here can change what the store holds. */
  readonly writes: boolean;
}

const list = (values: readonly (number | string)[]) => `[${values.join(',')}]`;

const vector: fc.Arbitrary<string> = fc
  .array(fc.integer({ min: -1000, max: 1000 }), { minLength: FUZZ_DIMS, maxLength: FUZZ_DIMS })
  .map((v) => (v.every((x) => x === 0) ? [7, ...v.slice(1)] : v))
  .map((v) => list(v.map((x) => x / 100)));

const as400 = (text: string): RefusedValue => ({ text, status: 400 });

const refusedVector: fc.Arbitrary<RefusedValue> = fc
  .oneof(
    fc.constantFrom(0, 1, FUZZ_DIMS - 1, FUZZ_DIMS + 1, 10_000).map((n) => list(new Array<number>(n).fill(1))),
    fc.constant(list(new Array<number>(FUZZ_DIMS).fill(0))),
    fc
      .tuple(
        fc.nat({ max: FUZZ_DIMS - 1 }),
        fc.constantFrom('1e999', '-1e999', '1e39', '-3.5e38', 'null', '"1"', 'true', '[1]', '{}'),
      )
      .map(([at, bad]) => list(Array.from({ length: FUZZ_DIMS }, (_, i) => (i === at ? bad : '0.5')))),
  )
  .map(as400);

const integer = (min: number, max: number, refused: readonly string[]): FieldSpec => ({
  kind: 'integer',
  required: false,
  valid: fc.oneof(fc.integer({ min, max: Math.min(max, min + 100) }), fc.constantFrom(min, max)).map(String),
  refused: fc.constantFrom(...refused).map(as400),
});

const extId: FieldSpec = {
  ...integer(0, Number.MAX_SAFE_INTEGER, ['-1', '9007199254740992', '1e999', '1.5', '-0.5', '1e300']),
  required: true,
  valid: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }).map(String), fc.constantFrom('9007199254740991', '4278190080')),
};

/** Paths refused on every save and load before the file system is asked: empty, absolute, leaving the data directory, NUL, too long. */
const PATH_REFUSED = [
  '""',
  '"/etc/passwd"',
  '"../outside"',
  '"a/../../outside"',
  '"x\\u0000y"',
  JSON.stringify('a'.repeat(4097)),
];
/** Names the file system refuses for what they are (below a file, a directory, too long), and a file never saved. */
const UNUSABLE = ['"vcal.index/below-a-file"', '"exports"', JSON.stringify(`${'n'.repeat(300)}.index`)];
/** Saves only: the data directory's own set is written by a default snapshot save alone. */
const HOME_SET = ['"answers.json"', '"tombstones.json"', '"wal-0000000001.log"'];

const path = (fileName: string, use: 'save' | 'load'): FieldSpec => ({
  kind: 'string',
  required: false,
  valid: fc.constantFrom(`"fuzz/${fileName}"`, `"fuzz/deeper/${fileName}"`, `"fuzz/\\u00e9\\u202e/${fileName}"`),
  refused:
    use === 'save'
      ? fc.constantFrom(...PATH_REFUSED, ...UNUSABLE, ...HOME_SET).map(as400)
      : fc.oneof(
          fc.constantFrom(...PATH_REFUSED).map(as400),
          fc.constantFrom(...UNUSABLE, '"never-saved/vcal.index"').map((text): RefusedValue => ({ text, status: 412 })),
        ),
});
const atomic: FieldSpec = { kind: 'boolean', required: false, valid: fc.constantFrom('true', 'false') };

const entryFields: Record<string, FieldSpec> = {
  ext_id: extId,
  vector: { kind: 'array', required: true, valid: vector, refused: refusedVector },
  answer: { kind: 'string', required: true, valid: unicodeString },
  prompt_tokens: integer(0, 1e9, ['-1', '1000000001', '0.5']),
  answer_tokens: integer(0, 1e9, ['-1', '1000000001', '2.5']),
};
const query: FieldSpec = { kind: 'array', required: true, valid: vector, refused: refusedVector };
const k = integer(1, 1000, ['0', '1001', '1.5', '-3']);

export const ENDPOINTS: readonly EndpointSpec[] = [
  { path: '/v1/insert', key: 'app', fields: entryFields, writes: true },
  { path: '/v1/upsert', key: 'app', fields: entryFields, writes: true },
  { path: '/v1/delete', key: 'app', fields: { ext_id: extId }, writes: true },
  { path: '/v1/search', key: 'app', fields: { query, k, ef: integer(1000, 10_000, ['0', '10001', '2.5']) }, writes: false },
  {
    path: '/v1/qa',
    key: 'app',
    fields: {
      query,
      k,
      sim_threshold: {
        kind: 'number',
        required: false,
        valid: fc.oneof(fc.double({ min: -1, max: 1, noNaN: true }).map(String), fc.constantFrom('-1', '1', '0.8')),
        refused: fc.constantFrom('1.0000001', '-1.5', '1e999', '-1e999').map(as400),
      },
    },
    writes: false,
  },
  { path: '/v1/snapshot/save', key: 'admin', fields: { path: path('vcal.index', 'save'), atomic }, writes: false },
  { path: '/v1/snapshot/load', key: 'admin', fields: { path: path('vcal.index', 'load') }, writes: true },
  { path: '/v1/answers/save', key: 'admin', fields: { path: path('answers.json', 'save'), atomic }, writes: false },
  { path: '/v1/answers/load', key: 'admin', fields: { path: path('answers.json', 'load') }, writes: true },
];

/** A value for `field` that it refuses: of another JSON type (400), or of its type but refused. */
export function invalidValue(field: FieldSpec): fc.Arbitrary<RefusedValue> {
  const wrongType = wrongTypeFor(field.kind).map(as400);
  return field.refused === undefined ? wrongType : fc.oneof(wrongType, field.refused);
}
