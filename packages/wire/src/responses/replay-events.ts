/**
 * A whole Responses object as the typed server-sent events a streaming client expects, in the order the
 * provider sends them: `response.created`, `response.in_progress`, each output item added, its text or
 * arguments as one delta and done, the item done, and `response.completed` (or `response.incomplete`)
 * with the whole response. Used for every streamed answer, since the gateway holds the answer whole.
 */

type Item = Record<string, unknown>;

/**
 * One server-sent event: its `event:` name is its `type`.
 * @example
 * const event: ResponsesEvent = { type: 'response.output_text.delta', sequence_number: 4, delta: 'Hi' };
 */
export interface ResponsesEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/**
 * The events a streaming client is sent for a whole Responses object, `sequence_number` counting from 0.
 * @example
 * responsesEvents({ id: 'resp_1', object: 'response', status: 'completed', output: [] }).map((e) => e.type);
 * // ['response.created', 'response.in_progress', 'response.completed']
 */
export function responsesEvents(response: Readonly<Record<string, unknown>>): ResponsesEvent[] {
  const events: Item[] = [];
  const emit = (type: string, fields: Item) => events.push({ type, sequence_number: events.length, ...fields });
  const begun = { ...response, status: 'in_progress', output: [], usage: null };
  emit('response.created', { response: begun });
  emit('response.in_progress', { response: begun });
  const output = Array.isArray(response.output) ? (response.output as Item[]) : [];
  output.forEach((item, outputIndex) => {
    const at = { output_index: outputIndex };
    const itemId = { item_id: item.id };
    if (item.type === 'message' && Array.isArray(item.content)) {
      emit('response.output_item.added', { ...at, item: { ...item, status: 'in_progress', content: [] } });
      (item.content as Item[]).forEach((part, contentIndex) => {
        const where = { ...itemId, ...at, content_index: contentIndex };
        emit('response.content_part.added', { ...where, part: emptyPart(part) });
        if (part.type === 'output_text') {
          emit('response.output_text.delta', { ...where, delta: part.text, logprobs: [] });
          emit('response.output_text.done', { ...where, text: part.text, logprobs: [] });
        } else if (part.type === 'refusal') {
          emit('response.refusal.delta', { ...where, delta: part.refusal });
          emit('response.refusal.done', { ...where, refusal: part.refusal });
        }
        emit('response.content_part.done', { ...where, part });
      });
    } else if (item.type === 'function_call') {
      emit('response.output_item.added', { ...at, item: { ...item, status: 'in_progress', arguments: '' } });
      emit('response.function_call_arguments.delta', { ...itemId, ...at, delta: item.arguments });
      emit('response.function_call_arguments.done', { ...itemId, ...at, arguments: item.arguments });
    } else {
      emit('response.output_item.added', { ...at, item });
    }
    emit('response.output_item.done', { ...at, item });
  });
  emit(response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response });
  return events as ResponsesEvent[];
}

/** A content part as it begins: its text not yet written. */
function emptyPart(part: Item): Item {
  if (part.type === 'output_text') return { ...part, text: '', annotations: [] };
  if (part.type === 'refusal') return { ...part, refusal: '' };
  return part;
}

/**
 * The events as the body of a `text/event-stream` reply: `event:` and `data:` lines per event.
 * @example
 * res.end(responsesEventText(responsesEvents(body)));
 */
export function responsesEventText(events: readonly ResponsesEvent[]): string {
  let text = '';
  for (const event of events) text += `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  return text;
}
