/** The finding kinds of the privacy contract, their severities, and the placeholder kind each maps to. */
import type { PLACEHOLDER_KINDS } from '@sluice/guard-kit';

/**
 * Finding kinds, in the order findings are reported (CONTRACTS.md, privacy guard).
 * @example
 * FINDING_KINDS.includes('iban'); // true
 */
export const FINDING_KINDS = Object.freeze([
  'email',
  'ipv4',
  'phone',
  'jwt',
  'api_key',
  'bearer_token',
  'private_key',
  'credit_card_like',
  'ssn',
  'iban',
  'other',
] as const);

export type FindingKind = (typeof FINDING_KINDS)[number];
export type PlaceholderKind = (typeof PLACEHOLDER_KINDS)[number];
export type Severity = 'low' | 'medium' | 'high' | 'critical';

/**
 * The placeholder kind of each finding kind: `[EMAIL_1]` stands for an email, `[IP_1]` for an IPv4 address.
 * @example
 * placeholder(PLACEHOLDER_KIND_OF.ipv4, 1); // '[IP_1]'
 */
export const PLACEHOLDER_KIND_OF: Readonly<Record<FindingKind, PlaceholderKind>> = Object.freeze({
  email: 'EMAIL',
  ipv4: 'IP',
  phone: 'PHONE',
  jwt: 'JWT',
  api_key: 'API_KEY',
  bearer_token: 'BEARER_TOKEN',
  private_key: 'PRIVATE_KEY',
  credit_card_like: 'CREDIT_CARD',
  ssn: 'SSN',
  iban: 'IBAN',
  other: 'OTHER',
});

/**
 * Credentials are critical (they open doors at once); identifiers that pin a person down are high.
 * @example
 * SEVERITY_OF.api_key; // 'critical'
 */
export const SEVERITY_OF: Readonly<Record<FindingKind, Severity>> = Object.freeze({
  email: 'medium',
  ipv4: 'low',
  phone: 'medium',
  jwt: 'high',
  api_key: 'critical',
  bearer_token: 'critical',
  private_key: 'critical',
  credit_card_like: 'high',
  ssn: 'high',
  iban: 'high',
  other: 'medium',
});

export function isFindingKind(value: unknown): value is FindingKind {
  return typeof value === 'string' && (FINDING_KINDS as readonly string[]).includes(value);
}
