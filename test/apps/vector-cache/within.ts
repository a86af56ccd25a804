/** A bounded wait: the crash and soak harnesses never hang on a process or a load that stopped answering. */

/**
 * Resolves as `promise` does, or rejects after `ms` naming `what`.
 * @example
 * await within(child.exited, 10_000, 'the kill');
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
