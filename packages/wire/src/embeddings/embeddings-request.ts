/**
 * Checks an embeddings body at the door and turns it into the chat-shaped view the hooks see: one `user`
 * message per input, so guards scan and mask the texts, and the exact cache keys each input on its own.
 */
import Type from 'typebox';
import { GatewayError, type ChatMessage, type ChatRequest } from '@sluice/core';
import { requestCheck } from '../request-check.js';

/**
 * Most inputs one embeddings request may carry: OpenAI's own limit, so a request the provider would refuse
 * is refused before any guard or cache spends work on it.
 * @example
 * if (inputs.length > MAX_EMBEDDING_INPUTS) throw new Error('split the batch');
 */
export const MAX_EMBEDDING_INPUTS = 2048;

/**
 * Most token ids one input may hold. Above OpenAI's 8,191 so that providers with longer embedding
 * contexts are not cut short; the body size limit bounds strings the same way.
 * @example
 * const fits = tokens.length <= MAX_EMBEDDING_INPUT_TOKENS;
 */
export const MAX_EMBEDDING_INPUT_TOKENS = 32_768;

/**
 * Most dimensions a request may ask for. No embedding model has more than a few thousand; the bound keeps
 * a crafted `dimensions` from asking a provider, and the caches after it, for a vector of millions.
 * @example
 * const fits = dimensions <= MAX_EMBEDDING_DIMENSIONS;
 */
export const MAX_EMBEDDING_DIMENSIONS = 16_384;

const Text = Type.String({ minLength: 1 });
const Tokens = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: MAX_EMBEDDING_INPUT_TOKENS });

const EmbeddingsRequestSchema = Type.Object(
  {
    model: Type.String({ minLength: 1 }),
    input: Type.Union([
      Text,
      Type.Array(Text, { minItems: 1, maxItems: MAX_EMBEDDING_INPUTS }),
      Tokens,
      Type.Array(Tokens, { minItems: 1, maxItems: MAX_EMBEDDING_INPUTS }),
    ]),
    encoding_format: Type.Optional(Type.Union([Type.Literal('float'), Type.Literal('base64')])),
    dimensions: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_EMBEDDING_DIMENSIONS })),
    user: Type.Optional(Type.String()),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: true },
);

interface EmbeddingsBody {
  model: string;
  input: string | string[] | number[] | number[][];
  stream?: boolean | null;
  [field: string]: unknown;
}

const checkBody = requestCheck<EmbeddingsBody>(EmbeddingsRequestSchema, 'embeddings request');

/**
 * The body of `POST /v1/embeddings`, checked (a model; `input` a string, strings, token ids or arrays of
 * them, at most {@link MAX_EMBEDDING_INPUTS}; `encoding_format` float or base64; `dimensions` up to {@link MAX_EMBEDDING_DIMENSIONS}; `user`),
 * as the view every hook sees: the body's other fields, and one `user` message per input (a text as its
 * content, token ids as a non-string content guards leave alone). Streaming is refused: an embedding is
 * answered whole. Throws `invalid_request` naming the first problem.
 * @example
 * const view = parseEmbeddingsRequest({ model: 'text-embedding-3-small', input: ['a cat', 'a dog'] });
 * view.messages; // [{ role: 'user', content: 'a cat' }, { role: 'user', content: 'a dog' }]
 */
export function parseEmbeddingsRequest(body: unknown): ChatRequest {
  const checked = checkBody(body);
  if (checked.stream === true) {
    throw new GatewayError('invalid_request', {
      message: 'Invalid embeddings request: stream is not supported; embeddings are answered in one reply.',
    });
  }
  const { input, stream: _stream, ...fields } = checked;
  return { ...fields, messages: inputsOf(input).map((content): ChatMessage => ({ role: 'user', content })) };
}

/** A single string or token list is one input; an array of them is several. */
function inputsOf(input: EmbeddingsBody['input']): (string | number[])[] {
  if (typeof input === 'string') return [input];
  if (input.every((item) => typeof item === 'number')) return [input as number[]];
  return input as string[] | number[][];
}

/**
 * The `input` the upstream receives: the view's message contents as the guards left them (a masked text
 * goes out masked), one input as itself and several as an array, as OpenAI reads both.
 * @example
 * embeddingsInput({ model: 'm', messages: [{ role: 'user', content: 'a cat' }] }); // 'a cat'
 */
export function embeddingsInput(view: Readonly<ChatRequest>): unknown {
  const inputs = view.messages.map((message) => message.content);
  return inputs.length === 1 ? inputs[0] : inputs;
}
