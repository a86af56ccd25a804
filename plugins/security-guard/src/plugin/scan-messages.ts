/**
 * What the security guard is sent: only string message contents (text nested in content arrays is
 * forwarded upstream untouched and not scanned), and on responses every text the client will see.
 */
import type { ChatCompletion, ChatRequest } from '@sluice/core';
import type { SecurityScanMessage } from '../contract.js';

/** Roles whose messages make up the system prompt. */
const SYSTEM_ROLES = new Set(['system', 'developer']);
/** Assistant message fields that carry text the client sees, besides `content`. */
const TEXT_FIELDS = ['content', 'reasoning_content', 'reasoning'] as const;

/**
 * The request's messages whose content is a string, in order.
 * @example
 * requestScanMessages({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }) // [{ role: 'user', content: 'hi' }]
 */
export function requestScanMessages(request: Readonly<ChatRequest>): SecurityScanMessage[] {
  const messages: SecurityScanMessage[] = [];
  for (const message of request.messages) {
    if (typeof message.content === 'string' && message.content !== '' && typeof message.role === 'string') {
      messages.push({ role: message.role, content: message.content });
    }
  }
  return messages;
}

/**
 * The assembled assistant texts of a response: each choice's content (and reasoning, when the provider
 * returns it), then the arguments of its tool calls as extra assistant messages, so a secret the model
 * puts in a tool call is caught too.
 * @example
 * responseScanMessages(response.body) // [{ role: 'assistant', content: 'Sure…' }, { role: 'assistant', content: '{"query":"…"}' }]
 */
export function responseScanMessages(body: Readonly<ChatCompletion>): SecurityScanMessage[] {
  const messages: SecurityScanMessage[] = [];
  const push = (text: unknown) => {
    if (typeof text === 'string' && text !== '') messages.push({ role: 'assistant', content: text });
  };
  for (const choice of Array.isArray(body.choices) ? body.choices : []) {
    const message = field(choice, 'message');
    if (message === undefined) continue;
    for (const name of TEXT_FIELDS) push(message[name]);
    const calls = message['tool_calls'];
    for (const call of Array.isArray(calls) ? calls : []) push(field(call, 'function')?.['arguments']);
    push(field(message, 'function_call')?.['arguments']);
  }
  return messages;
}

/**
 * The string contents of the request's system and developer messages, joined; undefined when none.
 * @example
 * systemPromptOf({ model: 'm', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] }) // 'Be brief.'
 */
export function systemPromptOf(request: Readonly<ChatRequest>): string | undefined {
  const parts = request.messages
    .filter((m) => typeof m.role === 'string' && SYSTEM_ROLES.has(m.role) && typeof m.content === 'string')
    .map((m) => m.content as string);
  return parts.length === 0 ? undefined : parts.join('\n');
}

function field(value: unknown, name: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const inner = (value as Record<string, unknown>)[name];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : undefined;
}
