/**
 * Chat-completion bodies for the gateway: chat-shaped bodies whose every field may be right, of the
 * wrong type, adversarial or missing, with extra fields; and near-valid bodies, one change away from a
 * valid request, that the gateway must refuse with a known status and code.
 */
import fc from 'fast-check';
import {
  adversarialValue,
  extraFieldName,
  notJsonNumber,
  objectText,
  ordinaryJson,
  prototypeFields,
  tooDeepNesting,
  unicodeString,
  wrongTypeFor,
} from './adversarial-json.js';

/** The one priced model of the fuzzed gateway. */
export const PRICED_MODEL = 'test-model';
/** Stands in the content of a valid base body for a number the suite picks, so no two bases are alike. */
export const NONCE = 'NONCE_PLACEHOLDER';

/** A body and how it is sent. */
export interface ChatInput {
  readonly body: string;
  /** Undefined: no Content-Type header at all. */
  readonly contentType: string | undefined;
  /** Sent with chunked transfer encoding instead of a Content-Length. */
  readonly chunked: boolean;
}

/** A near-valid body the gateway must refuse, the valid body it came from, and the refusal expected. */
export interface RejectedChat extends ChatInput {
  readonly why: string;
  readonly status: number;
  readonly code: string;
  readonly base: string;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json'];
const OTHER_TYPES = [
  'text/plain',
  'text/json',
  'application/jsonx',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
];

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 6 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.constantFrom(...OTHER_TYPES), weight: 1 },
);

const role = fc.oneof(
  fc.constantFrom('"user"', '"system"', '"assistant"', '"tool"', '"developer"'),
  unicodeString,
  wrongTypeFor('string'),
);

const message: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(role, { nil: undefined, freq: 8 }),
    fc.option(fc.oneof(unicodeString, adversarialValue), { nil: undefined, freq: 8 }),
    fc.array(fc.tuple(extraFieldName, ordinaryJson), { maxLength: 2 }),
  )
  .map(([r, content, extras]) =>
    objectText([
      ...(r === undefined ? [] : [['role', r] as const]),
      ...(content === undefined ? [] : [['content', content] as const]),
      ...extras,
    ]),
  );

const manyMessages = fc
  .constantFrom(1_000, 20_000)
  .map((count) => `[${new Array<string>(count).fill('{"role":"user","content":"x"}').join(',')}]`);

const messages = fc.oneof(
  { arbitrary: fc.array(message, { minLength: 1, maxLength: 4 }).map((items) => `[${items.join(',')}]`), weight: 6 },
  { arbitrary: manyMessages, weight: 1 },
  { arbitrary: wrongTypeFor('array'), weight: 1 },
  { arbitrary: adversarialValue, weight: 1 },
);

/** A `model` field: the priced model mostly, else another, empty, odd or of the wrong type. */
export const modelField: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(JSON.stringify(PRICED_MODEL)), weight: 6 },
  { arbitrary: fc.constantFrom('"other-model"', '""'), weight: 1 },
  { arbitrary: unicodeString, weight: 1 },
  { arbitrary: wrongTypeFor('string'), weight: 1 },
);

/** A chat-shaped body: each field present or not, right or wrong, with extra fields in between. */
const chatShaped: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(modelField, { nil: undefined, freq: 10 }),
    fc.option(messages, { nil: undefined, freq: 10 }),
    fc.option(fc.oneof(fc.constantFrom('true', 'false', 'null'), adversarialValue), { nil: undefined, freq: 3 }),
    fc.array(fc.tuple(extraFieldName, adversarialValue), { maxLength: 3 }),
    fc.option(prototypeFields, { nil: [], freq: 6 }),
  )
  .map(([m, msgs, stream, extras, prototype]) =>
    objectText([
      ...(m === undefined ? [] : [['model', m] as const]),
      ...(msgs === undefined ? [] : [['messages', msgs] as const]),
      ...(stream === undefined ? [] : [['stream', stream] as const]),
      ...extras,
      ...prototype,
    ]),
  );

/** Any body a client could send the chat route: chat-shaped mostly, else any JSON, broken JSON or bytes. */
export const anyChatInput: fc.Arbitrary<ChatInput> = fc.record({
  body: fc.oneof(
    { arbitrary: chatShaped, weight: 8 },
    { arbitrary: adversarialValue, weight: 2 },
    { arbitrary: chatShaped.map((text) => text.slice(0, Math.floor(text.length / 2))), weight: 1 },
    { arbitrary: fc.oneof(notJsonNumber, fc.string(), fc.constantFrom('', ' ', '\n')), weight: 1 },
  ),
  contentType,
  chunked: fc.boolean(),
});

type Entries = readonly (readonly [string, string])[];

/** A valid base body's fields: the priced model, a user turn holding the nonce, extra fields any provider accepts. */
const validBase: fc.Arbitrary<Entries> = fc
  .tuple(
    unicodeString,
    fc.subarray([
      ['temperature', '0.5'],
      ['max_tokens', '16'],
      ['user', '"fuzz"'],
      ['metadata', '{"k":"v"}'],
      ['stream', 'false'],
    ] as const),
  )
  .map(([content, extras]) => [
    ['model', JSON.stringify(PRICED_MODEL)],
    ['messages', `[{"role":"user","content":${content.slice(0, -1)} ${NONCE}"}]`],
    ...extras,
  ]);

const withField = (entries: Entries, key: string, value: string): Entries =>
  entries.some(([name]) => name === key)
    ? entries.map(([name, v]) => [name, name === key ? value : v] as const)
    : [...entries, [key, value]];
const without = (entries: Entries, key: string): Entries => entries.filter(([name]) => name !== key);

interface Refusal {
  readonly why: string;
  readonly status: number;
  readonly code: string;
  readonly body: string;
  readonly contentType?: string;
}

const invalid = (why: string, body: string): Refusal => ({ why, status: 400, code: 'invalid_request', body });
const decodes = (text: string, predicate: (value: unknown) => boolean) => predicate(JSON.parse(text));

/** Every single change that turns a valid base into a request the gateway refuses, with the refusal. */
function refusalsOf(base: Entries): fc.Arbitrary<Refusal> {
  const text = (entries: Entries) => objectText(entries);
  const message = (fields: string) => withField(base, 'messages', `[${fields}]`);
  return fc.oneof(
    fc.constant(invalid('model missing', text(without(base, 'model')))),
    wrongTypeFor('string').map((v) => invalid('model of a wrong type', text(withField(base, 'model', v)))),
    fc.constant(invalid('model empty', text(withField(base, 'model', '""')))),
    unicodeString
      .filter((v) => decodes(v, (m) => m !== PRICED_MODEL && m !== ''))
      .map((v) => ({ why: 'model not priced', status: 400, code: 'model_not_allowed', body: text(withField(base, 'model', v)) })),
    fc.constant(invalid('messages missing', text(without(base, 'messages')))),
    wrongTypeFor('array').map((v) => invalid('messages of a wrong type', text(withField(base, 'messages', v)))),
    fc.constant(invalid('messages empty', text(withField(base, 'messages', '[]')))),
    wrongTypeFor('object').map((v) => invalid('a message that is not an object', text(message(v)))),
    fc.constant(invalid('a message without a role', text(message('{"content":"x"}')))),
    wrongTypeFor('string').map((v) => invalid('a role of a wrong type', text(message(`{"role":${v},"content":"x"}`)))),
    fc.constant(invalid('an empty role', text(message('{"role":"","content":"x"}')))),
    wrongTypeFor('boolean')
      .filter((v) => v !== 'null')
      .map((v) => invalid('stream of a wrong type', text(withField(base, 'stream', v)))),
    wrongTypeFor('object').map((v) => invalid('a body that is not an object', v)),
    tooDeepNesting.map((v) => invalid('a field nested too deep', text(withField(base, 'x', v)))),
    fc.nat().map((cut) => {
      const whole = text(base);
      return { why: 'cut short', status: 400, code: 'invalid_json', body: whole.slice(0, cut % whole.length) };
    }),
    notJsonNumber.map((v) => ({
      why: 'a value that is not JSON',
      status: 400,
      code: 'invalid_json',
      body: text(withField(base, 'temperature', v)),
    })),
    fc.constant({
      why: 'over the body limit',
      status: 413,
      code: 'request_too_large',
      body: text(withField(base, 'pad', `"${'x'.repeat(1_100_000)}"`)),
    }),
    fc.constantFrom(...OTHER_TYPES).map((type) => ({
      why: 'not JSON by its Content-Type',
      status: 415,
      code: 'unsupported_media_type',
      body: text(base),
      contentType: type,
    })),
  );
}

/** A near-valid body and the valid base it came from; every one is refused before the provider or the cache. */
export const rejectedChat: fc.Arbitrary<RejectedChat> = validBase.chain((base) =>
  fc.tuple(refusalsOf(base), fc.constantFrom(...JSON_TYPES), fc.boolean()).map(([refusal, type, chunked]) => ({
    ...refusal,
    contentType: refusal.contentType ?? type,
    chunked,
    base: objectText(base),
  })),
);

/** A valid base body and the same request with one field more, which makes it a different request. */
export interface ChatVariant {
  readonly base: string;
  readonly variant: string;
  readonly field: string;
}

/** Fields the exact cache leaves out of its key on purpose: they change how the answer travels. */
const TRANSPORT_ONLY = ['stream', 'stream_options'];

export const chatVariant: fc.Arbitrary<ChatVariant> = validBase.chain((base) =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'tools'), extraFieldName),
      fc.oneof(ordinaryJson, fc.constantFrom('null', '1', '{"":1}', '{"temperature":1}')),
    )
    .filter(([name]) => !TRANSPORT_ONLY.includes(name) && !base.some(([field]) => field === name))
    .map(([name, value]) => ({ base: objectText(base), variant: objectText([...base, [name, value]]), field: name })),
);
