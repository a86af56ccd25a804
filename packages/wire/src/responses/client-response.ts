/**
 * The Responses object a client receives: the upstream's own (kept on the view) with the texts a plugin
 * rewrote since (a privacy restore, a response-side rewrite) written back in, or, for an answer the
 * upstream never gave (a guard's refusal completion), a well-formed Responses object made from the view.
 */
import type { ChatCompletion, ModelResponse } from '@sluice/core';
import { functionCalls, outputTexts, RESPONSES_BODY } from './response-view.js';

type Item = Record<string, unknown>;

interface ViewMessage {
  content?: unknown;
  tool_calls?: { function?: { arguments?: unknown } }[];
}

function viewMessage(body: ChatCompletion): ViewMessage {
  const choice = (body.choices?.[0] ?? {}) as { message?: ViewMessage };
  return choice.message ?? {};
}

/**
 * @example
 * const body = clientResponsesBody(exchange.response!); // { id: 'resp_…', object: 'response', output: […], … }
 */
export function clientResponsesBody(response: ModelResponse): Item {
  const kept = response.body[RESPONSES_BODY];
  if (typeof kept === 'object' && kept !== null) return withViewTexts(kept as Item, viewMessage(response.body));
  return madeResponse(response.body);
}

/** The kept body, unchanged when the view's text and arguments are the upstream's. */
function withViewTexts(kept: Item, message: ViewMessage): Item {
  const output = [...(kept.output as unknown[])];
  let changed = false;
  const texts = outputTexts(output);
  const joined = texts.map((t) => t.text).join('');
  if (typeof message.content === 'string' && texts.length > 0 && message.content !== joined) {
    // The rewritten text has no part boundaries: it all goes in the first text part, the others leave.
    const [first, ...later] = texts;
    const drop = new Set(later.map((t) => `${t.item}:${t.part}`));
    for (const item of new Set(texts.map((t) => t.item))) {
      const entry = output[item] as Item;
      const parts = (entry.content as Item[])
        .map((part, at) => (item === first!.item && at === first!.part ? { ...part, text: message.content } : part))
        .filter((_part, at) => !drop.has(`${item}:${at}`));
      output[item] = { ...entry, content: parts };
    }
    changed = true;
  }
  functionCalls(output).forEach(({ item, call }, i) => {
    const args = message.tool_calls?.[i]?.function?.arguments;
    const own = (call.function as { arguments?: unknown }).arguments;
    if (typeof args === 'string' && args !== own) {
      output[item] = { ...(output[item] as Item), arguments: args };
      changed = true;
    }
  });
  return changed ? { ...kept, output } : kept;
}

/** A completed Responses object holding the view's one message (and its tool calls, if any). */
function madeResponse(body: ChatCompletion): Item {
  const message = viewMessage(body);
  const id = typeof body.id === 'string' ? body.id.replace(/^chatcmpl-/, 'resp-') : 'resp-sluice';
  const output: Item[] = [];
  if (typeof message.content === 'string') {
    output.push({
      type: 'message',
      id: `msg-${id}`,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: message.content, annotations: [] }],
    });
  }
  (message.tool_calls ?? []).forEach((call, i) => {
    const named = call as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    output.push({
      type: 'function_call',
      id: `fc-${id}-${i}`,
      call_id: named.id,
      name: named.function?.name,
      arguments: named.function?.arguments,
      status: 'completed',
    });
  });
  const usage = body.usage;
  return {
    id,
    object: 'response',
    created_at: body.created ?? Math.floor(Date.now() / 1000),
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: body.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: {
      input_tokens: usage?.prompt_tokens ?? 0,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage?.completion_tokens ?? 0,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage?.total_tokens ?? (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0),
    },
  };
}
