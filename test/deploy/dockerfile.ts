/** Reads a Dockerfile into its instructions: enough to check one, not to build it. */

/** Every instruction of the Dockerfile reference. */
export const DOCKERFILE_INSTRUCTIONS = new Set([
  'ADD',
  'ARG',
  'CMD',
  'COPY',
  'ENTRYPOINT',
  'ENV',
  'EXPOSE',
  'FROM',
  'HEALTHCHECK',
  'LABEL',
  'MAINTAINER',
  'ONBUILD',
  'RUN',
  'SHELL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

export interface Instruction {
  /** Upper-cased, as the reference writes it. */
  readonly keyword: string;
  /** `--name=value` flags before the arguments (`--from=build`, `--interval=10s`). */
  readonly flags: Readonly<Record<string, string>>;
  /** The rest of the instruction, continuations joined. */
  readonly args: string;
  /** 1-based line where it starts. */
  readonly line: number;
}

/**
 * @example
 * readDockerfile('FROM node:20\nRUN npm ci \\\n  --no-audit\n'); // [{ keyword: 'FROM', … }, { keyword: 'RUN', args: 'npm ci --no-audit', … }]
 */
export function readDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const start = index;
    let joined = line;
    while (joined.endsWith('\\') && index + 1 < lines.length) {
      index += 1;
      const next = lines[index]!.trim();
      joined = `${joined.slice(0, -1).trimEnd()} ${next.startsWith('#') ? '' : next}`.trimEnd();
    }
    const [, keyword = '', flagText = '', args = ''] = /^(\S+)((?:\s+--\S+)*)\s*(.*)$/.exec(joined) ?? [];
    const flags: Record<string, string> = {};
    for (const flag of flagText
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')) {
      const [name = '', value = ''] = flag.slice(2).split('=', 2);
      flags[name] = value;
    }
    instructions.push({ keyword: keyword.toUpperCase(), flags, args, line: start + 1 });
  }
  return instructions;
}

/** The arguments of an exec-form instruction (`["a", "b"]`), or undefined for the shell form. */
export function execForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  const parsed = JSON.parse(args) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`exec form must be a JSON array of strings: ${args}`);
  }
  return parsed;
}

/** The instructions of each stage, by stage name (or index when unnamed), in order. */
export function stagesOf(instructions: readonly Instruction[]): { name: string; instructions: Instruction[] }[] {
  const stages: { name: string; instructions: Instruction[] }[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const name = /\sAS\s+(\S+)$/i.exec(instruction.args)?.[1] ?? String(stages.length);
      stages.push({ name, instructions: [instruction] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}
