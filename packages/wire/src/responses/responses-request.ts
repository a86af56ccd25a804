/** Checks a Responses API body at the door; unknown fields are kept for the upstream. */
import Type from 'typebox';
import { requestCheck } from '../request-check.js';

/** One input item: a message (`role`), a tool call or its output (`type`), or another typed item. */
const InputItem = Type.Union([
  Type.Object({ role: Type.String({ minLength: 1 }) }, { additionalProperties: true }),
  Type.Object({ type: Type.String({ minLength: 1 }) }, { additionalProperties: true }),
]);

const ResponsesRequestSchema = Type.Object(
  {
    model: Type.String({ minLength: 1 }),
    input: Type.Union([Type.String(), Type.Array(InputItem, { minItems: 1 })]),
    instructions: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    previous_response_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 256 }), Type.Null()])),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: true },
);

/**
 * A `POST /v1/responses` body as the client sent it, checked. Only the fields the gateway reads are named.
 * @example
 * const body: ResponsesRequest = { model: 'gpt-4o-mini', input: 'Hi', instructions: 'Be brief.' };
 */
export interface ResponsesRequest {
  model: string;
  input: string | Record<string, unknown>[];
  instructions?: string | null;
  previous_response_id?: string | null;
  stream?: boolean | null;
  [field: string]: unknown;
}

/**
 * The body of `POST /v1/responses`, checked: a model, an input (a string or at least one item, each a
 * message with a role or a typed item), string `instructions` and `previous_response_id` if any, a boolean
 * `stream` if any, no deeper than the nesting bound. Throws `invalid_request` naming the first problem.
 * @example
 * parseResponsesRequest({ model: 'gpt-4o-mini', input: [] }); // throws: input must contain at least 1 items
 */
export const parseResponsesRequest: (body: unknown) => ResponsesRequest = requestCheck<ResponsesRequest>(
  ResponsesRequestSchema,
  'responses request',
);
