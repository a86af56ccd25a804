/**
 * The properties every answer of a fuzzed service must have: no 5xx but a documented dependency fault,
 * every error body the service's own envelope, and no stack trace or source path anywhere.
 */
import { fileURLToPath } from 'node:url';

/** What the checks read of an answer, whichever client received it. */
export interface CheckedAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/** How one service answers errors. */
export interface ErrorContract {
  /** What is wrong with a parsed error body sent with `status`; empty when it is the service's envelope. */
  envelopeProblems(status: number, body: unknown): string[];
  /** Whether a 5xx with this body is one the service documents for a fault of a dependency. */
  dependencyFault(status: number, body: unknown): boolean;
}

/** Where the sources live: a path below it in an answer means internals leaked. */
const SOURCE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const LEAKS: readonly RegExp[] = [
  /^\s*at \S.*:\d+:\d+\)?\s*$/m,
  /\bat (?:async )?[\w$.<>]+ \((?:file:|node:|\/)/,
  /node:internal/,
  /node_modules/,
  /\.(?:ts|js|mjs|cjs):\d+:\d+/,
  /(?:Type|Range|Reference|Syntax)Error: /,
];

/** Statuses Node's HTTP parser answers on its own, without a body, before a request exists. */
const PARSER_REFUSALS = new Set([400, 413, 414, 417, 431, 505]);

export interface AnswerContext {
  /** The request was malformed HTTP, so Node's parser may refuse it with a bare status line. */
  readonly malformed?: boolean;
  /** The request was a HEAD: no answer has a body. */
  readonly head?: boolean;
}

/** Every problem with one answer; empty when it has all the properties. */
export function answerProblems(answer: CheckedAnswer, contract: ErrorContract, context: AnswerContext = {}): string[] {
  const problems: string[] = [];
  const { status, text } = answer;
  const leak = LEAKS.find((pattern) => pattern.test(text));
  if (leak !== undefined) problems.push(`the body shows internals (${leak}): ${text.slice(0, 300)}`);
  if (status >= 500 && text === '') problems.push(`status ${status} without a body`);
  if (status < 400) return problems;
  if (text === '' && (context.head === true || (context.malformed === true && PARSER_REFUSALS.has(status)))) return problems;
  if (text.includes(SOURCE_ROOT)) problems.push(`the error body names a source path: ${text.slice(0, 300)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `status ${status} with a body that is not JSON: ${JSON.stringify(text.slice(0, 200))}`];
  }
  if (!/^application\/json\b/.test(answer.contentType ?? '')) problems.push(`an error with Content-Type ${answer.contentType}`);
  problems.push(...contract.envelopeProblems(status, body));
  if (status >= 500 && !contract.dependencyFault(status, body)) problems.push(`status ${status}: ${text.slice(0, 300)}`);
  return problems;
}

/** The keys of `value` beyond `allowed`, or a word on why it is not an object. */
export function unexpectedKeys(value: unknown, allowed: readonly string[]): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${JSON.stringify(value)} is not an object`];
  return Object.keys(value).filter((key) => !allowed.includes(key));
}

/** The `error.code` of an error body, when it has one. */
export function errorCode(text: string): unknown {
  try {
    return (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error?.code;
  } catch {
    return undefined;
  }
}
