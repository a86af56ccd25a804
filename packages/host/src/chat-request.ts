/** Checks a chat-completion body at the door; unknown fields are kept for the upstream. */
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { ChatRequest } from '@sluice/core';
import { GatewayError } from '@sluice/core';

/**
 * Deepest nesting a request may have (the body itself is level 1). Freezing, the cache key and the
 * provider call all walk a request recursively, and a few thousand levels overflow the stack; no chat
 * request, tool schemas included, needs more than a few dozen.
 */
export const MAX_REQUEST_DEPTH = 128;

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
  if (validator.Check(body)) {
    if (nestedDeeperThan(body, MAX_REQUEST_DEPTH)) {
      throw new GatewayError('invalid_request', {
        message: `Invalid chat completion request: nested deeper than ${MAX_REQUEST_DEPTH} levels.`,
      });
    }
    return body as ChatRequest;
  }
  const first = [...validator.Errors(body)][0];
  const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  throw new GatewayError('invalid_request', {
    message: `Invalid chat completion request: ${path} ${first?.message ?? 'is invalid'}.`,
  });
}

/** Walks with its own stack rather than recursion, so that the check itself cannot overflow. */
function nestedDeeperThan(value: object, limit: number): boolean {
  const objects: object[] = [value];
  const depths: number[] = [1];
  while (objects.length > 0) {
    const object = objects.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    for (const child of Object.values(object)) {
      if (child !== null && typeof child === 'object') {
        objects.push(child as object);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
