export { runCli, type Output } from './cli.js';
