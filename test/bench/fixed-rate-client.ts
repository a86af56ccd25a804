/**
 * The fixed-rate client as a process of its own (fixed-rate.ts, `measureApart`): its event loop and its
 * garbage collector share nothing with the benchmark's process, which holds the store it built (hundreds
 * of MB) and autocannon's results. Reads one JSON object on stdin: the options of `measureAtFixedRate`
 * with `bodies` in place of `next`; writes the result as one JSON line on stdout.
 */
import { text } from 'node:stream/consumers';
import { measureAtFixedRate, type FixedRateOptions } from './fixed-rate.js';

type ApartOptions = Omit<FixedRateOptions, 'next'> & { readonly bodies: readonly string[] };

const options = JSON.parse(await text(process.stdin)) as ApartOptions;
let turn = 0;
const result = await measureAtFixedRate({ ...options, next: () => options.bodies[turn++ % options.bodies.length]! });
process.stdout.write(`${JSON.stringify(result)}\n`);
