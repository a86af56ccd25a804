/** Checks a chat-completion body at the door; unknown fields are kept for the upstream. */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { ChatRequest } from '../chat.js';
import { GatewayError } from '../errors.js';

const Message = Type.Object({ role: Type.String({ minLength: 1 }) }, { additionalProperties: true });

const ChatRequestSchema = Type.Object(
  {
    model: Type.String({ minLength: 1 }),
    messages: Type.Array(Message, { minItems: 1 }),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: true },
);

const validator = Compile(ChatRequestSchema);

export function parseChatRequest(body: unknown): ChatRequest {
  if (validator.Check(body)) return body as ChatRequest;
  const first = [...validator.Errors(body)][0];
  const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  throw new GatewayError('invalid_request', {
    message: `Invalid chat completion request: ${path} ${first?.message ?? 'is invalid'}.`,
  });
}
