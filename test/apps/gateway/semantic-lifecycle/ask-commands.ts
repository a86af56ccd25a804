/**
 * Asking questions: one, or several topics at once. Each answer is judged against what the model says the
 * store may hold during the request: a hit must serve an answer that was stored for that topic and had not
 * expired; a miss is allowed only when no entry of the topic was surely there, and stores its answer.
 */
import type fc from 'fast-check';
import { entryKey, questionText, answerText, TOPICS } from './questions.js';
import { expectedLookup, observeHit, observeMiss, describeDisk, type SemanticModel } from './semantic-model.js';
import type { Answer } from './lifecycle-gateway.js';
import type { LifecycleReal } from './lifecycle-real.js';

const THRESHOLD = 0.92;

export interface Question {
  readonly topic: number;
  readonly variant: number;
}

const label = (q: Question) => `t${q.topic}/v${q.variant}`;

function chatCalls(real: LifecycleReal): number {
  return real.gateway.upstream.calls.filter((call) => call.path === '/v1/chat/completions').length;
}

/** Checks one answer and moves the model on; returns whether it was a hit. Throws what is wrong. */
function judge(model: SemanticModel, real: LifecycleReal, question: Question, answer: Answer): boolean {
  const content = questionText(question.topic, question.variant);
  const { mustHit, allowed } = expectedLookup(model, question.topic, answer.window);
  const fail = (what: string): never => {
    throw new Error(
      `ask ${label(question)} ("${TOPICS[question.topic]}"): ${what}; ` +
        `model: ${mustHit.length} entries surely live, answers allowed ${JSON.stringify([...allowed])}, ${describeDisk(model)}\n` +
        `gateway output:\n${real.gateway.tail()}`,
    );
  };
  if (answer.status !== 200) fail(`status ${answer.status}`);
  if (answer.cache === 'hit-semantic') {
    if (answer.content === undefined || !allowed.has(answer.content))
      fail(`a semantic hit served ${JSON.stringify(answer.content)}`);
    if (answer.similarity === undefined || !(answer.similarity >= THRESHOLD))
      fail(`a semantic hit with x-sluice-similarity ${answer.similarity}`);
    observeHit(model, question.topic, answer.content!);
    return true;
  }
  if (answer.cache !== 'miss') fail(`x-sluice-cache ${JSON.stringify(answer.cache)}`);
  if (mustHit.length > 0) fail(`a miss, but the store surely held ${JSON.stringify(mustHit)}, unexpired`);
  if (answer.content !== answerText(content)) fail(`the upstream answer came back as ${JSON.stringify(answer.content)}`);
  observeMiss(model, question.topic, entryKey(question.topic, question.variant), answer.content!, answer.window);
  return false;
}

/** Asks every question at once and judges each answer. */
export async function askAll(model: SemanticModel, real: LifecycleReal, questions: readonly Question[]): Promise<void> {
  const before = chatCalls(real);
  const answers = await Promise.all(questions.map((q) => real.gateway.ask(questionText(q.topic, q.variant)))).catch(
    (error: unknown) => {
      throw new Error(`${(error as Error).message}\ngateway output:\n${real.gateway.tail()}`);
    },
  );
  let misses = 0;
  for (const [i, question] of questions.entries()) {
    real.tally.asks += 1;
    if (judge(model, real, question, answers[i]!)) real.tally.hits += 1;
    else misses += 1;
  }
  const called = chatCalls(real) - before;
  if (called !== misses) throw new Error(`${misses} misses but ${called} upstream calls: a hit called the upstream`);
  model.trafficSinceStart = true;
}

export class AskCommand implements fc.AsyncCommand<SemanticModel, LifecycleReal> {
  constructor(readonly question: Question) {}
  check = (model: Readonly<SemanticModel>) => model.running;
  run = (model: SemanticModel, real: LifecycleReal) => askAll(model, real, [this.question]);
  toString = () => `ask(${label(this.question)})`;
}

/** Several topics at once: their lookups and stores interleave in the process. */
export class AskTogetherCommand implements fc.AsyncCommand<SemanticModel, LifecycleReal> {
  constructor(readonly questions: readonly Question[]) {}
  check = (model: Readonly<SemanticModel>) => model.running;
  run = (model: SemanticModel, real: LifecycleReal) => askAll(model, real, this.questions);
  toString = () => `askTogether(${this.questions.map(label).join(' ')})`;
}
