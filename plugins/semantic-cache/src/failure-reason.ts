import { maskUrl } from '@sluice/util';

/** A failure as logs and health show it: a store or a proxy in front of it may quote a URL with its credentials. */
export function failureReason(error: unknown): string {
  return maskUrl((error as Error).message);
}
