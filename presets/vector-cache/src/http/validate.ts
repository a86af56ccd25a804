/** Checks a parsed body against its compiled schema; the first problem becomes a 400 naming the field. */
import type { TSchema, Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ServiceError } from '../service-error.js';

export interface BodyCheck<S extends TSchema> {
  (body: unknown): Static<S>;
}

/**
 * @example
 * const checkQa = bodyCheck(schemas.Qa, ['query']);
 * const qa = checkQa(body); // throws ServiceError('INVALID_ARGUMENT', 'query: must be finite numbers …')
 */
export function bodyCheck<S extends TSchema>(schema: S, vectorFields: readonly string[] = []): BodyCheck<S> {
  const validator = Compile(schema);
  return (body: unknown) => {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ServiceError('INVALID_ARGUMENT', 'The request body must be a JSON object.');
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
    for (const name of vectorFields) {
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
