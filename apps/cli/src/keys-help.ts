/** The help texts of `sluice keys` and of each of its subcommands. */
import type { CommandHelp } from './help.js';

export const KEYS_SUBCOMMANDS = ['create', 'list', 'revoke', 'hash'] as const;
export type KeysSubcommand = (typeof KEYS_SUBCOMMANDS)[number];

const CREATE_USAGE =
  'sluice keys create ID --tenant T [--models a,b] [--budget N/day|N/month] [--rpm N] [--tpm N] [--concurrent N] [--cache-share] [--no-cache-controls] [STORE | --print-config]';
const STORE = '[--redis URL | --config FILE] [--prefix P]';
const DOCS = ['docs/cli.md', 'docs/keys-and-tenants.md'];

const STORE_FLAGS: readonly (readonly [string, string])[] = [
  ['--redis URL', 'the Redis key store (also --kv-url URL)'],
  ['--config FILE', 'a gateway config file: its kv_url (and client_keys_prefix) name the store (when --redis is not given)'],
  ['--prefix P', 'the key prefix in Redis (default: the config’s client_keys_prefix, else sluice:keys:)'],
];

export const KEYS_HELP: CommandHelp = {
  usage: [CREATE_USAGE, `sluice keys list ${STORE}`, `sluice keys revoke ID ${STORE}`, 'sluice keys hash < key-file'],
  summary:
    'Issue, list and revoke client keys in the Redis key store the gateways read (client_keys_redis on), or print a client_key statement for a config or keys file. A key is shown once, when it is made; only its SHA-256 is ever stored.',
  flags: [
    ['create ID …', 'make a key for a tenant; print it once'],
    ['list', 'id, tenant, creation time and hash prefix of every key (never a key)'],
    ['revoke ID', 'remove a key; gateways stop admitting it within client_keys_cache_seconds'],
    ['hash', 'the sha256:<hex> of a key read from stdin (for admin_key or a hand-written client_key)'],
    ['-h, --help', 'show this help; "sluice keys <subcommand> --help" shows one subcommand'],
  ],
  notes: ['exit: 0 done, 1 failed (Redis unreachable, id taken or unknown), 2 a wrong command line.'],
  examples: [
    'sluice keys create billing-app --tenant acme --models gpt-4o-mini --budget 5000000/day --redis redis://127.0.0.1:6379',
    'sluice keys create billing-app --tenant acme --print-config >> /etc/sluice/keys.conf',
    'sluice keys list --config /etc/sluice/gateway.conf',
    'sluice keys revoke billing-app --config /etc/sluice/gateway.conf',
  ],
  docs: DOCS,
};

export const KEYS_SUBCOMMAND_HELP: Readonly<Record<KeysSubcommand, CommandHelp>> = {
  create: {
    usage: [CREATE_USAGE],
    summary:
      'Make a new client key (sk-sluice-…) for a tenant and store its record in Redis, printing the key once on stdout; or, with --print-config, print the client_key statement (its hash, never the key) on stdout and the key once on stderr, so stdout can be appended to a keys file.',
    flags: [
      ['--tenant T', 'the tenant the key admits requests as (letters, digits, . _ -; at most 64)'],
      ['--models a,b', 'models the key may ask for (default: any)'],
      ['--budget N/day', 'spend allowed per UTC day (or N/month) in micro-USD: 1000000 = 1 USD'],
      ['--rpm N', 'requests per minute'],
      ['--tpm N', 'upstream tokens per minute'],
      ['--concurrent N', 'requests at once'],
      ['--cache-share', "read and write the caches' shared pool instead of the tenant's own"],
      ['--no-cache-controls', 'ignore the per-request cache controls the client sends'],
      ...STORE_FLAGS,
      ['--print-config', 'print the client_key statement instead of writing to Redis'],
      ['-h, --help', 'show this help'],
    ],
    notes: ['The key cannot be shown again: store it when it is printed. A taken id is refused (revoke it first).'],
    examples: [
      'sluice keys create billing-app --tenant acme --rpm 60 --redis redis://127.0.0.1:6379',
      'sluice keys create billing-app --tenant acme --print-config >> keys.conf',
    ],
    docs: DOCS,
  },
  list: {
    usage: [`sluice keys list ${STORE}`],
    summary: 'List the keys in the Redis key store: id, tenant, creation time and the first characters of the hash.',
    flags: [...STORE_FLAGS, ['-h, --help', 'show this help']],
    examples: ['sluice keys list --redis redis://127.0.0.1:6379'],
    docs: DOCS,
  },
  revoke: {
    usage: [`sluice keys revoke ID ${STORE}`],
    summary:
      'Remove a key from the Redis key store. Each gateway stops admitting it once the answer it keeps in memory expires (client_keys_cache_seconds, default 10 s).',
    flags: [...STORE_FLAGS, ['-h, --help', 'show this help']],
    examples: ['sluice keys revoke billing-app --config /etc/sluice/gateway.conf'],
    docs: DOCS,
  },
  hash: {
    usage: ['sluice keys hash < key-file'],
    summary:
      'Print the sha256:<hex> of the key on stdin (one line; the trailing newline is not part of it). The key is never an argument, so it stays out of shell history.',
    flags: [['-h, --help', 'show this help']],
    examples: ['printf %s "$ADMIN_KEY" | sluice keys hash'],
    docs: DOCS,
  },
};
