/** The gateway's error envelope, `{"error": {"message", "type", "code", "param"}}`, and its dependency faults. */
import { registeredError } from '@sluice/core';
// The gateway registers every code it may answer with when loaded: the contract knows them in any run.
import '@sluice/gateway';
import { unexpectedKeys, type ErrorContract } from './answer-checks.js';

/** Error types whose 502 and 504 are a dependency's fault (docs/reference/errors.md). */
const DEPENDENCY_TYPES = new Set(['upstream_error', 'guard_error', 'cache_error']);

interface GatewayErrorBody {
  error: { message?: unknown; type?: unknown; code?: unknown; param?: unknown };
}

export const gatewayContract: ErrorContract = {
  envelopeProblems(status, body) {
    const top = unexpectedKeys(body, ['error']);
    if (top.length > 0) return [`envelope keys: ${top.join(', ')}`];
    const error = (body as GatewayErrorBody).error;
    const problems = unexpectedKeys(error, ['message', 'type', 'code', 'param', 'guard', 'stage', 'rule_id']).map(
      (key) => `error.${key}`,
    );
    if (problems.length > 0 && problems[0]!.includes('not an object')) return problems;
    const definition = typeof error.code === 'string' ? registeredError(error.code) : undefined;
    if (definition === undefined) problems.push(`unknown code ${JSON.stringify(error.code)}`);
    else {
      if (definition.status !== status)
        problems.push(`code ${String(error.code)} with status ${status}, documented ${definition.status}`);
      if (definition.type !== error.type) problems.push(`code ${String(error.code)} with type ${JSON.stringify(error.type)}`);
    }
    if (typeof error.message !== 'string' || error.message === '') problems.push('no message');
    if (error.param !== null) problems.push('param is not null');
    return problems;
  },
  dependencyFault(status, body) {
    const type = (body as GatewayErrorBody).error?.type;
    return (status === 502 || status === 504) && typeof type === 'string' && DEPENDENCY_TYPES.has(type);
  },
};
