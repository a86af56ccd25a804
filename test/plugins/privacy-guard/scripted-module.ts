/**
 * A privacy module that answers as a test scripts it (wrong shapes, silence, blocks), on core's module
 * server, recording every request body. For the faults a real module must never show.
 */
import { startModuleServer, type ModuleServer } from '@sluice/guard-kit';

export type Script = (body: Record<string, unknown>) => unknown | Promise<unknown>;

export interface ScriptedModule {
  readonly url: string;
  readonly scans: Record<string, unknown>[];
  close(): Promise<void>;
}

/** `scan` and `restore` answer each call; `silent` holds every answer until close (a module that hangs). */
export async function scriptedModule(scripts: { scan?: Script; restore?: Script; silent?: boolean }): Promise<ScriptedModule> {
  const scans: Record<string, unknown>[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = (script: Script | undefined) => async (body: Record<string, unknown>) => {
    if (scripts.silent) await held;
    return script?.(body) ?? {};
  };
  const server: ModuleServer = await startModuleServer({
    listen: '127.0.0.1:0',
    apiKey: '',
    routes: {
      '/v1/scan': (body) => (scans.push(body), answer(scripts.scan)(body)),
      '/v1/restore': answer(scripts.restore),
    },
  });
  return {
    url: server.url,
    scans,
    close: async () => {
      release();
      await server.close();
    },
  };
}

/** A scan reply that changes the texts with `rewrite`, keeping count and roles, with a mapping id. */
export function rewriting(rewrite: (content: string) => string): Script {
  return (body) => {
    const messages = body.messages as { role: string; content: string }[];
    return {
      decision: 'allow',
      action: 'anonymized',
      modified: true,
      mapping_id: 'm-1',
      messages: messages.map((m) => ({ role: m.role, content: rewrite(m.content) })),
      findings: [{ kind: 'email', count: 1, severity: 'medium' }],
      warnings: [],
    };
  };
}
