/** The check of `vectordb_url` beyond its pattern: what the Qdrant store would refuse at start. */
import { maskUrl } from '@sluice/util';

/**
 * Why a Qdrant address is unusable, as the store refuses it at start; undefined when it is fine. Checked with
 * the file, so a start that would only log it (`semantic_fail_open on`) refuses it too. Quoted masked only.
 * @example
 * vectordbUrlProblem('http://qdrant:6334/collections'); // 'must name a host and port only, …; did you mean "http://qdrant:6334"?'
 */
export function vectordbUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${maskUrl(value)}" is not a URL; write Qdrant's gRPC address, e.g. http://qdrant:6334`;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
    return "must be an http:// or https:// URL of Qdrant's gRPC port, e.g. http://qdrant:6334";
  // The gRPC client drops a path and a query silently, and Qdrant serves gRPC at the root.
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '')
    return `must name a host and port only, without a path or query; did you mean "${url.origin}"?`;
  return undefined;
}
