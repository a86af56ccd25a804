/** The Ed25519 key pair that signs licenses (kept by the issuer) and verifies them (given to the service). */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A signing key pair as PEM text: PKCS#8 for the private key, SPKI for the public one. */
export interface LicenseKeyPair {
  readonly privateKeyPem: string;
  readonly publicKeyPem: string;
}

/**
 * A fresh Ed25519 key pair for issuing licenses.
 *
 * @example
 * const { privateKeyPem, publicKeyPem } = generateLicenseKeyPair();
 */
export function generateLicenseKeyPair(): LicenseKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/**
 * Reads a license public key: SPKI PEM, or the raw 32-byte Ed25519 key in base64 on one line. Throws an Error
 * saying what is wrong with it.
 *
 * @example
 * const key = loadLicensePublicKey(readFileSync('license-signing.pub', 'utf8'));
 */
export function loadLicensePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN')) {
    let key: KeyObject;
    try {
      key = createPublicKey(trimmed);
    } catch {
      throw new Error('not a readable PEM public key (expected SPKI, "BEGIN PUBLIC KEY")');
    }
    return ed25519(key, 'public');
  }
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    throw new Error('expected an SPKI PEM public key or a raw 32-byte Ed25519 key in base64 on one line');
  }
  const raw = Buffer.from(trimmed, 'base64');
  if (raw.length !== 32) throw new Error(`a raw Ed25519 public key has 32 bytes, this one has ${raw.length}`);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Reads a PKCS#8 PEM Ed25519 private key. Throws an Error saying what is wrong, never quoting the key. */
export function loadLicensePrivateKey(text: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(text);
  } catch {
    throw new Error('not a readable PEM private key (expected PKCS#8, "BEGIN PRIVATE KEY")');
  }
  return ed25519(key, 'private');
}

function ed25519(key: KeyObject, role: 'public' | 'private'): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`an Ed25519 ${role} key is needed, this one is ${key.asymmetricKeyType ?? 'of an unknown type'}`);
  }
  return key;
}
