/** Checks a client's request body at the door: its shape by a schema, its nesting by a bound. */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { GatewayError } from '@sluice/core';

/**
 * Deepest nesting a request may have (the body itself is level 1). Freezing, the cache key and the
 * provider call all walk a request recursively, and a few thousand levels overflow the stack; no model
 * request, tool schemas included, needs more than a few dozen.
 * @example
 * const deep = JSON.parse('['.repeat(MAX_REQUEST_DEPTH + 1) + ']'.repeat(MAX_REQUEST_DEPTH + 1));
 */
export const MAX_REQUEST_DEPTH = 128;

/**
 * A compiled check of one endpoint's body that answers `invalid_request` with the path of the first
 * problem (`Invalid chat completion request: messages must contain at least 1 items.`).
 * @example
 * const check = requestCheck(Type.Object({ model: Type.String() }), 'embeddings request');
 * const body = check({ model: 'text-embedding-3-small', input: 'hi' });
 */
export function requestCheck<T>(schema: TSchema, name: string): (body: unknown) => T {
  const validator = Compile(schema);
  return (body) => {
    if (validator.Check(body)) {
      if (nestedDeeperThan(body as object, MAX_REQUEST_DEPTH)) {
        throw new GatewayError('invalid_request', {
          message: `Invalid ${name}: nested deeper than ${MAX_REQUEST_DEPTH} levels.`,
        });
      }
      return body as T;
    }
    const first = [...validator.Errors(body)][0];
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    throw new GatewayError('invalid_request', { message: `Invalid ${name}: ${path} ${first?.message ?? 'is invalid'}.` });
  };
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
