/** The help texts of `sluice license` and of each of its subcommands. */
import type { CommandHelp } from './help.js';

export const PRIVATE_KEY_FILE = 'license-signing.key';
export const PUBLIC_KEY_FILE = 'license-signing.pub';

export const LICENSE_SUBCOMMANDS = ['keygen', 'issue', 'verify'] as const;
export type LicenseSubcommand = (typeof LICENSE_SUBCOMMANDS)[number];

const ISSUE_USAGE = 'sluice license issue --org ORG --tier TIER --days N [--max-vectors N] --key FILE [--out FILE]';

export const LICENSE_HELP: CommandHelp = {
  usage: ['sluice license keygen --out DIR', ISSUE_USAGE, 'sluice license verify FILE --pubkey FILE'],
  summary: 'Create a license signing key pair, issue vector answer cache licenses with it, and verify them.',
  flags: [
    ['keygen --out DIR', `write DIR/${PRIVATE_KEY_FILE} (private, mode 0600) and DIR/${PUBLIC_KEY_FILE}; never overwrites`],
    ['issue …', 'sign a license with --key; print it, or write it atomically to --out FILE'],
    ['verify FILE --pubkey FILE', 'check a license file against the public key'],
    ['-h, --help', 'show this help; "sluice license <subcommand> --help" shows one subcommand'],
  ],
  notes: ['exit: 0 done or valid, 1 failed or invalid, 2 a wrong command line.'],
  examples: [
    'sluice license keygen --out ./keys',
    'sluice license issue --org acme --tier pro --days 365 --key ./keys/license-signing.key --out license.json',
    'sluice license verify license.json --pubkey ./keys/license-signing.pub',
  ],
  docs: ['docs/cli.md', 'docs/vector-cache.md'],
};

export const LICENSE_SUBCOMMAND_HELP: Readonly<Record<LicenseSubcommand, CommandHelp>> = {
  keygen: {
    usage: ['sluice license keygen --out DIR'],
    summary: 'Write a new Ed25519 signing key pair; an existing key is never overwritten.',
    flags: [
      ['--out DIR', `where ${PRIVATE_KEY_FILE} (mode 0600) and ${PUBLIC_KEY_FILE} go (created when missing)`],
      ['-h, --help', 'show this help'],
    ],
    examples: ['sluice license keygen --out ./keys'],
    docs: ['docs/cli.md', 'docs/vector-cache.md'],
  },
  issue: {
    usage: [ISSUE_USAGE],
    summary: 'Sign a license for an organisation with the private key.',
    flags: [
      ['--org ORG', 'the organisation licensed'],
      ['--tier TIER', 'the tier, e.g. pro'],
      ['--days N', 'days until it expires'],
      ['--max-vectors N', 'most vectors the cache may hold under it (default: no limit)'],
      ['--key FILE', `the private key (${PRIVATE_KEY_FILE})`],
      ['--out FILE', 'write the license there atomically (default: print it)'],
      ['-h, --help', 'show this help'],
    ],
    examples: ['sluice license issue --org acme --tier pro --days 365 --key ./keys/license-signing.key --out license.json'],
    docs: ['docs/cli.md', 'docs/vector-cache.md'],
  },
  verify: {
    usage: ['sluice license verify FILE --pubkey FILE'],
    summary: 'Check a license file: "valid: …" and exit 0, or "invalid: reason" and exit 1.',
    flags: [
      ['--pubkey FILE', `the public key (${PUBLIC_KEY_FILE}, as SVC_LICENSE_PUBKEY_FILE names it)`],
      ['-h, --help', 'show this help'],
    ],
    examples: ['sluice license verify license.json --pubkey ./keys/license-signing.pub'],
    docs: ['docs/cli.md', 'docs/vector-cache.md'],
  },
};
