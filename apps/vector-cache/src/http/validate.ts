/** Checks a parsed body against its compiled schema; the first problem becomes a 400 naming the field. */
import type { TSchema, Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ServiceError } from '../service-error.js';

export interface BodyCheck<S extends TSchema> {
  (body: unknown): Static<S>;
}

/** The fields of a body that hold a vector, and the length SVC_DIMS gives them. */
export interface VectorFields {
  readonly names: readonly string[];
  readonly dims: number;
}

/**
 * @example
 * const checkQa = bodyCheck(schemas.Qa, { names: ['query'], dims: 384 });
 * const qa = checkQa(body); // throws ServiceError('INVALID_ARGUMENT', 'query must have 384 numbers, got 3')
 */
export function bodyCheck<S extends TSchema>(schema: S, vectors: VectorFields = { names: [], dims: 0 }): BodyCheck<S> {
  const validator = Compile(schema);
  return (body: unknown) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ServiceError('INVALID_ARGUMENT', 'The request body must be a JSON object.');
    }
    // The length first, in words: the schema's minItems/maxItems would say only "fewer than 384 items".
    for (const name of vectors.names) {
      const vector = (body as Record<string, unknown>)[name];
      if (Array.isArray(vector) && vector.length !== vectors.dims) {
        throw new ServiceError('INVALID_ARGUMENT', `${name} must have ${vectors.dims} numbers, got ${vector.length}`, {
          field: name,
        });
      }
    }
    if (!validator.Check(body)) {
      const first = [...validator.Errors(body)][0];
      const field = fieldOf(first?.instancePath ?? '', first?.params);
      const unknownField = first?.keyword === 'boolean' && first.schemaPath.endsWith('additionalProperties');
      const problem = unknownField ? 'is not a field of this request' : (first?.message ?? 'is invalid');
      throw new ServiceError('INVALID_ARGUMENT', `${field || 'body'}: ${problem}`, {
        field: field || null,
      });
    }
    // JSON numbers too large for a double parse as Infinity, which the schema's number type accepts.
    for (const name of vectors.names) {
      const vector = (body as Record<string, unknown>)[name] as number[];
      for (let i = 0; i < vector.length; i++) {
        if (!Number.isFinite(vector[i])) {
          throw new ServiceError('INVALID_ARGUMENT', `${name}.${i}: must be a finite number`, { field: `${name}.${i}` });
        }
      }
    }
    return body as Static<S>;
  };
}

function fieldOf(instancePath: string, params: unknown): string {
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const required = (params as { requiredProperties?: unknown } | undefined)?.requiredProperties;
  const name = Array.isArray(required) && required.length > 0 ? String(required[0]) : '';
  return [base, name].filter(Boolean).join('.');
}
