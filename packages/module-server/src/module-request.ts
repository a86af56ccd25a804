/** One request to a module, as its route sees it: the parsed URL, the path's parameters, and the JSON body on demand. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isJsonContentType, notJsonMessage, readLimitedText } from '@sluice/host';
import { ServiceHttpError } from './service-error.js';

/**
 * What a module route's handler gets.
 * @example
 * const handle = async (request: ModuleRequest) => ({ echoed: await request.readJson() });
 */
export interface ModuleRequest {
  readonly req: IncomingMessage;
  /** Written by a handler that answers itself (a stream); otherwise the server answers with what it returns. */
  readonly res: ServerResponse;
  readonly url: URL;
  /** The groups of a route whose path is a pattern, still percent-encoded. */
  readonly params: readonly string[];
  /**
   * The body parsed as JSON: 415 `unsupported_media_type` unless it is declared JSON (with no type or a
   * form type, a web page could post here without a CORS preflight), `too_large` past the limit (its
   * rest unread), 400 `invalid_json` when it does not parse.
   */
  readJson(): Promise<unknown>;
}

/** How bodies are read: the limit, the status of a body past it, and who counts a refused type. */
export interface BodyRules {
  readonly maxBodyBytes: number;
  readonly tooLargeStatus: 400 | 413;
  readonly onRefused: () => void;
}

/**
 * @example
 * const request = moduleRequest(req, res, url, [], { maxBodyBytes: 1 << 20, tooLargeStatus: 413, onRefused: () => {} });
 */
export function moduleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: readonly string[],
  rules: BodyRules,
): ModuleRequest {
  return { req, res, url, params, readJson: () => readJsonBody(req, rules) };
}

async function readJsonBody(req: IncomingMessage, rules: BodyRules): Promise<unknown> {
  const type = req.headers['content-type'];
  if (!isJsonContentType(type)) {
    req.resume();
    rules.onRefused();
    throw new ServiceHttpError(415, 'unsupported_media_type', notJsonMessage(type));
  }
  const limit = rules.maxBodyBytes;
  const tooLarge = () => new ServiceHttpError(rules.tooLargeStatus, 'too_large', `The body is larger than ${limit} bytes.`);
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume();
    throw tooLarge();
  }
  const text = await readLimitedText(req, limit, {
    tooLarge,
    unreadable: (cause) =>
      new ServiceHttpError(400, 'invalid_request', 'The body was not sent to its end.', undefined, { cause }),
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceHttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}
