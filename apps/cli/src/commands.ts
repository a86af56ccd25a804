/** The commands of `sluice`, each with the one line the top-level help lists it with. */
import type { Output } from './output.js';

export interface Command {
  readonly name: string;
  /** One line for `sluice --help`. */
  readonly brief: string;
  run(argv: readonly string[], output: Output): Promise<number>;
}

// Each command loads its presets only when it runs, so `sluice --help` and a mistyped command answer at once.
export const COMMANDS: readonly Command[] = Object.freeze([
  {
    name: 'gateway',
    brief: 'run the OpenAI-compatible caching gateway from a config file',
    run: async (argv, output) => (await import('./gateway-command.js')).gatewayCommand(argv, output),
  },
  {
    name: 'vector-cache',
    brief: 'run the vector answer cache (configured by SVC_* variables)',
    run: async (argv, output) => (await import('./vector-cache-command.js')).vectorCacheCommand(argv, output),
  },
  {
    name: 'guard',
    brief: 'serve a reference guard module: security, privacy or usage',
    run: async (argv, output) => (await import('./guard-command.js')).guardCommand(argv, output),
  },
  {
    name: 'audit',
    brief: 'run the reference audit module, or verify its hash chain',
    run: async (argv, output) => (await import('./audit-command.js')).auditCommand(argv, output),
  },
  {
    name: 'calibrate',
    brief: 'observe mode: the semantic threshold that reaches a chosen precision on your traffic',
    run: async (argv, output) => (await import('./calibrate-command.js')).calibrateCommand(argv, output),
  },
  {
    name: 'keys',
    brief: 'issue, list and revoke client keys (Redis key store or a keys file); hash a key',
    run: async (argv, output) => (await import('./keys-command.js')).keysCommand(argv, output),
  },
  {
    name: 'license',
    brief: 'create signing keys; issue and verify vector cache licenses',
    run: async (argv, output) => (await import('./license-command.js')).licenseCommand(argv, output),
  },
]);
