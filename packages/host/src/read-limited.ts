/** Reads a request body to its end under a byte limit; the caller names the errors in its own words. */
import type { IncomingMessage } from 'node:http';

/**
 * The errors `readLimitedText` rejects with, made by the caller, so each service answers a body that is
 * too large or cut short with its own codes and envelope.
 * @example
 * const errors: BodyReadErrors = {
 *   tooLarge: () => new ServiceHttpError(413, 'too_large', 'The body is too large.'),
 *   unreadable: (cause) => new ServiceHttpError(400, 'invalid_request', 'The body was not sent to its end.', undefined, { cause }),
 * };
 */
export interface BodyReadErrors {
  /** The body passed the limit (the rest is drained, not kept). */
  readonly tooLarge: () => Error;
  /** The client went away or the stream failed before the end. */
  readonly unreadable: (cause?: unknown) => Error;
}

/**
 * Event-based on purpose: it is measurably cheaper per request than async iteration of the stream.
 * @example
 * const text = await readLimitedText(req, 1 << 20, { tooLarge: () => new Error('413'), unreadable: () => new Error('aborted') });
 */
export function readLimitedText(request: IncomingMessage, limitBytes: number, errors: BodyReadErrors): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanup();
        request.resume();
        reject(errors.tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    // The listeners stay on a request read to its end: nothing is read after 'end', a later error only
    // settles a promise already settled, and taking four listeners off was measurable on every hit.
    const onEnd = () => {
      resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error?: Error) => {
      cleanup();
      reject(errors.unreadable(error));
    };
    const cleanup = () => {
      request.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
    };
    const onAborted = () => onError();
    request.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
