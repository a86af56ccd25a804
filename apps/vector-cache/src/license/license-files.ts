/** Reads and checks the license and its public key from the files the environment names. */
import { readFileSync } from 'node:fs';
import type { LicenseDocument } from './license-document.js';
import { parseLicenseText } from './license-document.js';
import { loadLicensePublicKey } from './license-keys.js';
import { signatureHolds } from './verify-license.js';

/** Where the license and its public key live (`SVC_LICENSE_FILE`, `SVC_LICENSE_PUBKEY_FILE`). */
export interface LicenseFiles {
  readonly licenseFile: string | undefined;
  readonly pubkeyFile: string | undefined;
}

/**
 * A genuine license (right shape, good signature; expiry is the caller's question) or the reason there is none,
 * prefixed with the variable at fault.
 */
export function readLicenseFiles(files: LicenseFiles): LicenseDocument | string {
  if (files.licenseFile === undefined) return 'SVC_LICENSE_FILE: not set';
  if (files.pubkeyFile === undefined) {
    return 'SVC_LICENSE_PUBKEY_FILE: not set; the public key is needed to verify SVC_LICENSE_FILE';
  }
  let key;
  try {
    key = loadLicensePublicKey(readText(files.pubkeyFile));
  } catch (error) {
    return `SVC_LICENSE_PUBKEY_FILE: ${(error as Error).message}`;
  }
  let text: string;
  try {
    text = readText(files.licenseFile);
  } catch (error) {
    return `SVC_LICENSE_FILE: ${(error as Error).message}`;
  }
  const document = parseLicenseText(text);
  if (typeof document === 'string') return `SVC_LICENSE_FILE: ${document}`;
  if (!signatureHolds(document, key)) return 'SVC_LICENSE_FILE: bad signature';
  return document;
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new Error(`cannot read ${file}: ${reason}`, { cause: error });
  }
}
