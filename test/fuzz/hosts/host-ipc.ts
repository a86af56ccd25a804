/**
 * The host side of a fuzzed service's child process: tells the suite where it listens and answers its
 * questions over IPC. Memory is read here, after forced collections (the child runs with --expose-gc),
 * so the suite can see whether a run left anything behind.
 */

export interface MemoryReading {
  readonly heapUsed: number;
  readonly rss: number;
  readonly external: number;
}

type Question = { readonly id: number; readonly question: string };
type Handlers = Readonly<Record<string, () => Promise<unknown>>>;

/** Collects twice, a turn of the event loop apart, so objects freed by finalizers go too. */
export async function memoryAfterCollection(): Promise<MemoryReading> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('the host must run with --expose-gc');
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  const { heapUsed, rss, external } = process.memoryUsage();
  return { heapUsed, rss, external };
}

/**
 * Announces `url`, then answers each question by its handler (`memory` is built in) until the suite
 * asks `stop` or goes away; `stop` runs and the process exits.
 */
export function serveSuite(url: string, handlers: Handlers, stop: () => Promise<void>): void {
  const send = (message: unknown) => process.send?.(message);
  const all: Handlers = { memory: memoryAfterCollection, ...handlers };
  const end = () => void stop().finally(() => process.exit(0));
  process.on('message', (message: Question) => {
    if (message.question === 'stop') return end();
    const handler = all[message.question];
    if (handler === undefined) return void send({ id: message.id, error: `no question ${message.question}` });
    handler().then(
      (answer) => send({ id: message.id, answer }),
      (error: unknown) => send({ id: message.id, error: String(error) }),
    );
  });
  process.once('disconnect', end);
  send({ listening: url });
}
