/**
 * Requests for the vector answer cache's JSON endpoints: bodies whose every field may be valid, invalid,
 * adversarial or missing, with extra fields and any key; and near-valid requests, one change away from a
 * valid one, that the service must refuse without touching what it stores.
 */
import fc from 'fast-check';
import {
  adversarialValue,
  extraFieldName,
  notJsonNumber,
  objectText,
  ordinaryJson,
  tooDeepNesting,
  wrongTypeFor,
} from './adversarial-json.js';
import { ENDPOINTS, FUZZ_DIMS, invalidValue, type EndpointSpec } from './vector-cache-fields.js';

/** Which key a request presents: the admin or app key, none, or one that is not configured. */
export type KeyUse = 'admin' | 'app' | 'none' | 'wrong';

export interface ServiceInput {
  readonly endpoint: string;
  readonly body: string;
  /** Undefined: no Content-Type header at all. */
  readonly contentType: string | undefined;
  readonly chunked: boolean;
  readonly key: KeyUse;
}

/** A request the service must refuse with `status`, changing nothing it stores. */
export interface RejectedInput extends ServiceInput {
  readonly why: string;
  readonly status: number;
}

/** Entries the suite stores before it fuzzes, so that inserting one of their ids again is refused (409). */
export const SEEDED_ENTRIES = [1, 2, 3].map((id) => ({
  ext_id: id,
  vector: Array.from({ length: FUZZ_DIMS }, (_, d) => (d === id ? 1 : 0.25)),
  answer: `seeded ${id} \u202eevif\u202c \ud83d\udc4d`,
}));

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/Problem+JSON'];
const OTHER_TYPES = ['text/plain', 'application/xml', 'application/jsonx', 'multipart/form-data; boundary=x', ''];

type Entries = readonly (readonly [string, string])[];

const endpoint = fc.constantFrom(...ENDPOINTS);

/** Every required field valid, and some of the optional ones. */
function validEntries(spec: EndpointSpec): fc.Arbitrary<Entries> {
  const fields = Object.entries(spec.fields).map(([name, field]) =>
    field.required
      ? field.valid.map((v) => [[name, v] as const])
      : fc.option(
          field.valid.map((v) => [[name, v] as const]),
          { nil: [] },
        ),
  );
  return fc.tuple(...fields).map((parts) => parts.flat());
}

/** Each field valid, invalid, adversarial or missing, then extra fields. */
function shapedBody(spec: EndpointSpec): fc.Arbitrary<string> {
  const fields = Object.entries(spec.fields).map(([name, field]) =>
    fc
      .oneof(
        { arbitrary: field.valid, weight: 5 },
        { arbitrary: invalidValue(field).map((refused) => refused.text), weight: 1 },
        { arbitrary: adversarialValue, weight: 1 },
        { arbitrary: fc.constant(undefined), weight: 1 },
      )
      .map((value) => (value === undefined ? [] : [[name, value] as const])),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.array(fc.tuple(extraFieldName, adversarialValue), { maxLength: 2 }))
    .map(([parts, extras]) => objectText([...parts.flat(), ...extras]));
}

/** Any request a client could send a JSON endpoint, mostly with the admin key so that it reaches the checks. */
export const anyServiceInput: fc.Arbitrary<ServiceInput> = endpoint.chain((spec) =>
  fc.record({
    endpoint: fc.constant(spec.path),
    body: fc.oneof(
      { arbitrary: shapedBody(spec), weight: 8 },
      { arbitrary: adversarialValue, weight: 2 },
      { arbitrary: shapedBody(spec).map((text) => text.slice(0, Math.floor(text.length / 2))), weight: 1 },
      { arbitrary: fc.oneof(notJsonNumber, fc.string(), fc.constantFrom('', ' ')), weight: 1 },
    ),
    contentType: fc.oneof(
      { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 6 },
      { arbitrary: fc.constantFrom(undefined, ...OTHER_TYPES), weight: 1 },
    ),
    chunked: fc.boolean(),
    key: fc.oneof(
      { arbitrary: fc.constant<KeyUse>('admin'), weight: 8 },
      { arbitrary: fc.constantFrom<KeyUse>('app', 'none', 'wrong'), weight: 1 },
    ),
  }),
);

interface Refusal {
  readonly why: string;
  readonly status: number;
  readonly body: string;
  readonly key?: KeyUse;
  readonly contentType?: string;
}

const withField = (entries: Entries, key: string, value: string): Entries =>
  entries.some(([name]) => name === key)
    ? entries.map(([name, v]) => [name, name === key ? value : v] as const)
    : [...entries, [key, value]];

/** Every single change that turns a valid request to `spec` into one it refuses, with the status. */
function refusalsOf(spec: EndpointSpec, base: Entries): fc.Arbitrary<Refusal> {
  const text = objectText(base);
  const names = Object.keys(spec.fields);
  const required = names.filter((name) => spec.fields[name]!.required);
  const refusals: fc.Arbitrary<Refusal>[] = [
    fc.constantFrom(...names).chain((name) =>
      invalidValue(spec.fields[name]!).map(({ text: v, status }) => ({
        why: `${name} invalid`,
        status,
        body: objectText(withField(base, name, v)),
      })),
    ),
    fc
      .tuple(
        extraFieldName.filter((name) => !names.includes(name)),
        ordinaryJson,
      )
      .map(([name, v]) => ({
        why: `unknown field ${JSON.stringify(name)}`,
        status: 400,
        body: objectText([...base, [name, v]]),
      })),
    fc
      .tuple(fc.constantFrom(...names), tooDeepNesting)
      .map(([name, v]) => ({ why: `${name} nested deep`, status: 400, body: objectText(withField(base, name, v)) })),
    wrongTypeFor('object').map((v) => ({ why: 'a body that is not an object', status: 400, body: v })),
    fc
      .integer({ min: 1, max: Math.max(1, text.length - 1) })
      .map((cut) => ({ why: 'cut short', status: 400, body: text.slice(0, cut) })),
    notJsonNumber.map((v) => ({ why: 'a value that is not JSON', status: 400, body: objectText(withField(base, names[0]!, v)) })),
    fc.constant({ why: 'over the body limit', status: 413, body: objectText([...base, ['pad', `"${'x'.repeat(1_100_000)}"`]]) }),
    fc
      .constantFrom(...OTHER_TYPES)
      .map((type) => ({ why: 'not JSON by its Content-Type', status: 415, body: text, contentType: type })),
    fc.constantFrom<KeyUse>('none', 'wrong').map((key) => ({ why: `key ${key}`, status: 401, body: text, key })),
  ];
  if (required.length > 0) {
    refusals.push(
      fc
        .constantFrom(...required)
        .map((name) => ({ why: `${name} missing`, status: 400, body: objectText(base.filter(([n]) => n !== name)) })),
    );
  }
  if (spec.key === 'admin')
    refusals.push(fc.constant({ why: 'app key on an admin endpoint', status: 403, body: text, key: 'app' as const }));
  if (spec.path === '/v1/insert') {
    refusals.push(
      fc.constantFrom(...SEEDED_ENTRIES).map((seeded) => ({
        why: `insert of the active id ${seeded.ext_id}`,
        status: 409,
        body: objectText(withField(base, 'ext_id', String(seeded.ext_id))),
      })),
    );
  }
  return fc.oneof(...refusals);
}

/** A near-valid request to any JSON endpoint, refused. */
export const rejectedServiceInput: fc.Arbitrary<RejectedInput> = endpoint.chain((spec) =>
  validEntries(spec).chain((base) =>
    fc.tuple(refusalsOf(spec, base), fc.constantFrom(...JSON_TYPES), fc.boolean()).map(([refusal, type, chunked]) => ({
      endpoint: spec.path,
      why: refusal.why,
      status: refusal.status,
      body: refusal.body,
      contentType: refusal.contentType ?? type,
      chunked,
      key: refusal.key ?? spec.key,
    })),
  ),
);
