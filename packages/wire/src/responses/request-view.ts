/**
 * A Responses request as the chat-shaped view every hook sees, and back. `instructions` becomes a system
 * message, a string `input` one user message, each text part of an input message one message with that
 * text (so a guard scans, masks or blocks each text on its own), a tool's output a `tool` message, a tool
 * call an assistant message with its `tool_calls`; any other item (an image, a file, a reasoning item, a
 * reference) a message whose content is not a string, which guards skip and the semantic cache declines.
 * Each message keeps where it came from in {@link INPUT_ORIGIN}, with the item minus the text the
 * message holds, so the body is rebuilt losslessly around the texts as the guards left them.
 */
import type { ChatMessage, ChatRequest } from '@sluice/core';
import type { ResponsesRequest } from './responses-request.js';

/**
 * The field of a view message that says where in the Responses body its text came from.
 * @example
 * const origin = exchange.request.messages[0]?.[INPUT_ORIGIN] as InputOrigin | undefined;
 */
export const INPUT_ORIGIN = 'responses_input';

/**
 * Where a view message's text came from: `instructions`, the string `input`, or the `input` item at
 * `index` (`item` is that item without the message's text; `part` the content part holding it).
 * @example
 * const origin: InputOrigin = { from: 'item', index: 0, item: { role: 'user', content: [{ type: 'input_text' }] }, part: 0 };
 */
export interface InputOrigin {
  readonly from: 'instructions' | 'input' | 'item';
  readonly index?: number;
  readonly item?: Record<string, unknown>;
  readonly part?: number;
}

type Item = Record<string, unknown>;

/** Text parts a client sends (`input_text`) or replays from an earlier answer (`output_text`). */
function isTextPart(part: unknown): part is { type: string; text: string } {
  const p = part as { type?: unknown; text?: unknown } | null;
  return (p?.type === 'input_text' || p?.type === 'output_text') && typeof p.text === 'string';
}

/**
 * The chat-shaped view of a checked Responses body: every field but `input` and `instructions`, and the
 * messages they make.
 * @example
 * responsesView({ model: 'm', input: 'Hi', instructions: 'Be brief.' }).messages;
 * // [{ role: 'system', content: 'Be brief.', responses_input: { from: 'instructions' } }, { role: 'user', content: 'Hi', … }]
 */
export function responsesView(body: ResponsesRequest): ChatRequest {
  const { input, instructions, ...rest } = body;
  const messages: ChatMessage[] = [];
  if (typeof instructions === 'string') messages.push(viewMessage('system', instructions, { from: 'instructions' }));
  if (typeof input === 'string') messages.push(viewMessage('user', input, { from: 'input' }));
  else input.forEach((item, index) => messages.push(...itemMessages(item, index)));
  return { ...rest, messages } as ChatRequest;
}

function viewMessage(role: string, content: unknown, origin: InputOrigin, extra?: Item): ChatMessage {
  return { role, content, ...extra, [INPUT_ORIGIN]: origin };
}

function itemMessages(item: Item, index: number): ChatMessage[] {
  const role = typeof item.role === 'string' ? item.role : 'assistant';
  const content = item.content;
  if (typeof item.role === 'string' && (item.type === undefined || item.type === 'message')) {
    if (typeof content === 'string') {
      const { content: _text, ...shape } = item;
      return [viewMessage(role, content, { from: 'item', index, item: shape })];
    }
    if (Array.isArray(content) && content.length > 0) {
      // The item's shape with every text taken out: the texts are the messages' contents.
      const shape = { ...item, content: content.map((part: unknown) => (isTextPart(part) ? withoutText(part) : part)) };
      return content.map((part: unknown, at) =>
        viewMessage(role, isTextPart(part) ? part.text : [part], { from: 'item', index, item: shape, part: at }),
      );
    }
  }
  if (item.type === 'function_call_output' && typeof item.output === 'string') {
    const { output: _text, ...shape } = item;
    return [viewMessage('tool', item.output, { from: 'item', index, item: shape }, { tool_call_id: item.call_id })];
  }
  if (item.type === 'function_call') {
    const call = { id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } };
    return [viewMessage('assistant', null, { from: 'item', index, item }, { tool_calls: [call] })];
  }
  return [viewMessage(role, [item], { from: 'item', index, item })];
}

function withoutText(part: { text: string }): Item {
  const { text: _text, ...shape } = part;
  return shape;
}

/**
 * The Responses body the upstream receives: `instructions` and `input` rebuilt from the view's messages
 * (a masked text goes out masked), every other field of the view as it is. A message a plugin added
 * (no origin) becomes an input message of its own.
 * @example
 * upstreamResponsesBody(responsesView({ model: 'm', input: 'Hi' })); // { model: 'm', input: 'Hi' }
 */
export function upstreamResponsesBody(view: ChatRequest): Record<string, unknown> {
  const { messages, ...rest } = view;
  const body: Record<string, unknown> = { ...rest };
  const items: Item[] = [];
  const byIndex = new Map<number, Item>();
  let onlyString: string | undefined;
  let others = 0;
  for (const message of messages) {
    const origin = message[INPUT_ORIGIN] as InputOrigin | undefined;
    if (origin?.from === 'instructions') {
      body.instructions = message.content;
      continue;
    }
    if (origin?.from === 'input') {
      onlyString = typeof message.content === 'string' ? message.content : undefined;
      items.push({ role: message.role, content: message.content });
      continue;
    }
    others += 1;
    if (origin?.from !== 'item' || origin.item === undefined || origin.index === undefined) {
      items.push({ role: message.role, content: message.content });
      continue;
    }
    const item = rebuiltItem(origin, message, byIndex.get(origin.index));
    if (!byIndex.has(origin.index)) items.push(item);
    byIndex.set(origin.index, item);
  }
  body.input = others === 0 && onlyString !== undefined ? onlyString : items;
  return body;
}

/** The item of one message, or of one more part of an item already begun (filled in place). */
function rebuiltItem(origin: InputOrigin, message: ChatMessage, begun: Item | undefined): Item {
  const shape = origin.item!;
  if (origin.part !== undefined) {
    const item = begun ?? { ...shape, content: [...(shape.content as unknown[])] };
    const parts = item.content as unknown[];
    const part = parts[origin.part] as Item;
    parts[origin.part] = typeof message.content === 'string' ? { ...part, text: message.content } : part;
    return item;
  }
  if (shape.type === 'function_call_output') return { ...shape, output: message.content };
  if ('role' in shape && !('content' in shape)) return { ...shape, content: message.content };
  return shape;
}
