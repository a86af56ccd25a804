/** The properties of a raw exchange: an answer within the contract, or a clean close when the client stopped short. */
import { answerProblems, type ErrorContract } from './answer-checks.js';
import type { RawRequest } from './arbitraries/raw-requests.js';
import type { RawOutcome } from './raw-exchange.js';

/**
 * A complete request must be answered; an incomplete one may be answered or closed, but the server must
 * not keep the connection once the client closed its side, nor stop in the middle of an answer.
 */
export function rawProblems(request: RawRequest, outcome: RawOutcome, contract: ErrorContract): string[] {
  const problems: string[] = [];
  const { answer } = outcome;
  if (answer !== undefined) {
    if (answer.status < 100 || answer.status > 599)
      problems.push(`not an HTTP answer: ${JSON.stringify(answer.text.slice(0, 100))}`);
    const checked = { status: answer.status, contentType: answer.headers['content-type'], text: answer.text };
    problems.push(...answerProblems(checked, contract, { malformed: true, head: /^HEAD /.test(request.head) }));
  } else if (outcome.partial) problems.push('an answer cut short');
  else if (outcome.timedOut)
    problems.push(request.complete ? 'no answer in time' : 'the connection stayed open after the client closed its side');
  // Node closes a CONNECT's connection unanswered when the server is no proxy (has no 'connect' listener).
  else if (request.complete && !/^CONNECT /.test(request.head)) problems.push('closed without an answer');
  return problems.map((problem) => `${request.why}: ${problem}`);
}
