/** The vector cache's error envelope, `{"error": {"code", "message", "details"?}}`, and its dependency fault. */
import { SERVICE_ERRORS } from '@sluice/vector-cache';
import { unexpectedKeys, type ErrorContract } from './answer-checks.js';

interface ServiceErrorBody {
  error: { code?: unknown; message?: unknown; details?: unknown };
}

export const vectorCacheContract: ErrorContract = {
  envelopeProblems(status, body) {
    const top = unexpectedKeys(body, ['error']);
    if (top.length > 0) return [`envelope keys: ${top.join(', ')}`];
    const error = (body as ServiceErrorBody).error;
    const problems = unexpectedKeys(error, ['code', 'message', 'details']).map((key) => `error.${key}`);
    if (problems.length > 0 && problems[0]!.includes('not an object')) return problems;
    const documented = SERVICE_ERRORS[error.code as keyof typeof SERVICE_ERRORS];
    if (documented === undefined) problems.push(`unknown code ${JSON.stringify(error.code)}`);
    else if (documented !== status) problems.push(`code ${String(error.code)} with status ${status}, documented ${documented}`);
    if (typeof error.message !== 'string' || error.message === '') problems.push('no message');
    if (error.details !== undefined && unexpectedKeys(error.details, []).some((key) => key.includes('not an object'))) {
      problems.push('details is not an object');
    }
    return problems;
  },
  // 503 UNAVAILABLE: writes refused once the write-ahead log failed (a disk fault); also while draining.
  dependencyFault: (status, body) => status === 503 && (body as ServiceErrorBody).error?.code === 'UNAVAILABLE',
};
