export { runCli } from './cli.js';
export type { Output } from './output.js';
export { EXIT } from './command-error.js';
