/** Checks a chat-completion body at the door; unknown fields are kept for the upstream. */
import Type from 'typebox';
import type { ChatRequest } from '@sluice/core';
import { requestCheck } from './request-check.js';

const Message = Type.Object({ role: Type.String({ minLength: 1 }) }, { additionalProperties: true });

const ChatRequestSchema = Type.Object(
  {
    model: Type.String({ minLength: 1 }),
    messages: Type.Array(Message, { minItems: 1 }),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: true },
);

/**
 * The body of `POST /v1/chat/completions`, checked: a model, at least one message with a role, a boolean
 * `stream` if any, no deeper than {@link MAX_REQUEST_DEPTH}. Throws `invalid_request` naming the first problem.
 * @example
 * parseChatRequest({ model: 'gpt-4o-mini', messages: [] }); // throws: messages must contain at least 1 items
 */
export const parseChatRequest: (body: unknown) => ChatRequest = requestCheck<ChatRequest>(
  ChatRequestSchema,
  'chat completion request',
);
