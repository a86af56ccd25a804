/**
 * Bodies for the gateway's other model endpoints, `POST /v1/responses` and `POST /v1/embeddings`: shaped
 * like each, with every field right, of the wrong type, adversarial or missing, and extra fields; else
 * any JSON, cut JSON or bytes. Sent as the chat bodies are (chat-bodies.ts): any content type, chunked
 * or not.
 */
import fc from 'fast-check';
import {
  adversarialValue,
  extraFieldName,
  notJsonNumber,
  objectText,
  ordinaryJson,
  prototypeFields,
  unicodeString,
  wrongTypeFor,
} from './adversarial-json.js';
import { modelField, type ChatInput } from './chat-bodies.js';

const text = fc.oneof({ arbitrary: unicodeString, weight: 4 }, { arbitrary: adversarialValue, weight: 1 });

/** A Responses input item: a message with text or parts, a tool output, or something else entirely. */
const inputItem: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('"user"', '"system"', '"developer"', '"assistant"'), text).map(([role, content]) =>
    objectText([
      ['role', role],
      ['content', content],
    ]),
  ),
  fc.tuple(fc.constantFrom('"user"', '"assistant"'), fc.array(text, { maxLength: 3 })).map(([role, parts]) =>
    objectText([
      ['type', '"message"'],
      ['role', role],
      [
        'content',
        `[${parts
          .map((t) =>
            objectText([
              ['type', '"input_text"'],
              ['text', t],
            ]),
          )
          .join(',')}]`,
      ],
    ]),
  ),
  text.map((output) =>
    objectText([
      ['type', '"function_call_output"'],
      ['call_id', '"call_1"'],
      ['output', output],
    ]),
  ),
  fc.tuple(extraFieldName, ordinaryJson).map(([key, value]) => objectText([[key, value]])),
  adversarialValue,
);

const responsesInput = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.array(inputItem, { maxLength: 4 }).map((items) => `[${items.join(',')}]`), weight: 4 },
  { arbitrary: wrongTypeFor('array'), weight: 1 },
);

const responsesShaped: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(modelField, { nil: undefined, freq: 10 }),
    fc.option(responsesInput, { nil: undefined, freq: 10 }),
    fc.option(text, { nil: undefined, freq: 3 }),
    fc.option(fc.oneof(fc.constantFrom('true', 'false', 'null'), adversarialValue), { nil: undefined, freq: 3 }),
    fc.option(fc.oneof(fc.constant('"resp_1"'), adversarialValue), { nil: undefined, freq: 2 }),
    fc.array(fc.tuple(extraFieldName, adversarialValue), { maxLength: 3 }),
    fc.option(prototypeFields, { nil: [], freq: 6 }),
  )
  .map(([m, input, instructions, stream, previous, extras, prototype]) =>
    objectText([
      ...(m === undefined ? [] : [['model', m] as const]),
      ...(input === undefined ? [] : [['input', input] as const]),
      ...(instructions === undefined ? [] : [['instructions', instructions] as const]),
      ...(stream === undefined ? [] : [['stream', stream] as const]),
      ...(previous === undefined ? [] : [['previous_response_id', previous] as const]),
      ...extras,
      ...prototype,
    ]),
  );

const tokenIds = fc.array(fc.integer({ min: -5, max: 200_000 }), { maxLength: 6 }).map((ids) => `[${ids.join(',')}]`);

const embeddingsInput = fc.oneof(
  { arbitrary: text, weight: 3 },
  { arbitrary: fc.array(text, { maxLength: 5 }).map((items) => `[${items.join(',')}]`), weight: 3 },
  { arbitrary: tokenIds, weight: 1 },
  { arbitrary: fc.array(tokenIds, { maxLength: 3 }).map((items) => `[${items.join(',')}]`), weight: 1 },
  { arbitrary: fc.constantFrom(3000, 30_000).map((n) => `[${new Array<string>(n).fill('"x"').join(',')}]`), weight: 1 },
  { arbitrary: wrongTypeFor('array'), weight: 1 },
);

const embeddingsShaped: fc.Arbitrary<string> = fc
  .tuple(
    fc.option(modelField, { nil: undefined, freq: 10 }),
    fc.option(embeddingsInput, { nil: undefined, freq: 10 }),
    fc.option(fc.oneof(fc.constantFrom('"float"', '"base64"', '"other"'), adversarialValue), { nil: undefined, freq: 3 }),
    fc.option(fc.oneof(fc.constantFrom('8', '0', '-1', '1e9'), adversarialValue), { nil: undefined, freq: 2 }),
    fc.option(fc.constantFrom('true', 'false'), { nil: undefined, freq: 1 }),
    fc.array(fc.tuple(extraFieldName, adversarialValue), { maxLength: 3 }),
    fc.option(prototypeFields, { nil: [], freq: 6 }),
  )
  .map(([m, input, format, dimensions, stream, extras, prototype]) =>
    objectText([
      ...(m === undefined ? [] : [['model', m] as const]),
      ...(input === undefined ? [] : [['input', input] as const]),
      ...(format === undefined ? [] : [['encoding_format', format] as const]),
      ...(dimensions === undefined ? [] : [['dimensions', dimensions] as const]),
      ...(stream === undefined ? [] : [['stream', stream] as const]),
      ...extras,
      ...prototype,
    ]),
  );

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];

function anyInput(shaped: fc.Arbitrary<string>): fc.Arbitrary<ChatInput> {
  return fc.record({
    body: fc.oneof(
      { arbitrary: shaped, weight: 8 },
      { arbitrary: adversarialValue, weight: 2 },
      { arbitrary: shaped.map((t) => t.slice(0, Math.floor(t.length / 2))), weight: 1 },
      { arbitrary: fc.oneof(notJsonNumber, fc.string(), fc.constantFrom('', ' ')), weight: 1 },
    ),
    contentType: fc.oneof(
      { arbitrary: fc.constantFrom(...JSON_TYPES), weight: 6 },
      { arbitrary: fc.constantFrom(undefined, 'text/plain'), weight: 1 },
    ),
    chunked: fc.boolean(),
  });
}

/** Any body a client could send `POST /v1/responses`. */
export const anyResponsesInput: fc.Arbitrary<ChatInput> = anyInput(responsesShaped);

/** Any body a client could send `POST /v1/embeddings`. */
export const anyEmbeddingsInput: fc.Arbitrary<ChatInput> = anyInput(embeddingsShaped);
