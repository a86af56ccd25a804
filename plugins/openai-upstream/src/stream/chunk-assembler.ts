/**
 * Merges `chat.completion.chunk` deltas into the complete chat completion they stream: strings are
 * concatenated (content, reasoning, refusal, tool-call arguments), tool calls are merged by index,
 * logprobs are appended, and any other field keeps its latest value, so no field a provider adds is lost.
 */
import type { ChatCompletion, ChatCompletionChunk, Usage } from '@sluice/core';

type Fields = Record<string, unknown>;

interface ChoiceState {
  index: number;
  message: Fields;
  toolCalls: Map<number, Fields>;
  logprobs: Fields | null;
  finishReason: unknown;
  extra: Fields;
}

/**
 * @example
 * const assembler = new ChunkAssembler();
 * for (const chunk of chunks) assembler.add(chunk);
 * if (assembler.complete) return assembler.completion();
 */
export class ChunkAssembler {
  readonly #choices = new Map<number, ChoiceState>();
  #head: Fields = {};
  #usage: Usage | undefined;

  add(chunk: ChatCompletionChunk): void {
    const { choices, usage, object: _object, ...head } = chunk;
    this.#head = { ...this.#head, ...head };
    if (usage) this.#usage = usage;
    for (const raw of Array.isArray(choices) ? (choices as Fields[]) : []) this.#addChoice(raw);
  }

  /** Every choice that started has a finish reason. */
  get complete(): boolean {
    if (this.#choices.size === 0) return false;
    for (const choice of this.#choices.values())
      if (choice.finishReason === null || choice.finishReason === undefined) return false;
    return true;
  }

  get usage(): Usage | undefined {
    return this.#usage;
  }

  completion(): ChatCompletion {
    const choices = [...this.#choices.values()]
      .sort((a, b) => a.index - b.index)
      .map((choice) => {
        const message: Fields = { ...choice.message };
        if (choice.toolCalls.size > 0) {
          message.tool_calls = [...choice.toolCalls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
        }
        return { ...choice.extra, index: choice.index, message, logprobs: choice.logprobs, finish_reason: choice.finishReason };
      });
    return { ...this.#head, object: 'chat.completion', choices, ...(this.#usage ? { usage: this.#usage } : {}) };
  }

  #addChoice(raw: Fields): void {
    const index = typeof raw.index === 'number' ? raw.index : 0;
    let choice = this.#choices.get(index);
    if (choice === undefined) {
      choice = {
        index,
        message: { role: 'assistant', content: null },
        toolCalls: new Map(),
        logprobs: null,
        finishReason: null,
        extra: {},
      };
      this.#choices.set(index, choice);
    }
    const { delta, logprobs, finish_reason: finishReason, index: _index, ...extra } = raw;
    Object.assign(choice.extra, extra);
    if (finishReason !== null && finishReason !== undefined) choice.finishReason = finishReason;
    if (logprobs !== null && typeof logprobs === 'object') choice.logprobs = appendLogprobs(choice.logprobs, logprobs as Fields);
    if (delta !== null && typeof delta === 'object') mergeDelta(choice, delta as Fields);
  }
}

function mergeDelta(choice: ChoiceState, delta: Fields): void {
  for (const [field, value] of Object.entries(delta)) {
    if (field === 'tool_calls' && Array.isArray(value)) {
      for (const call of value as Fields[]) mergeToolCall(choice.toolCalls, call);
    } else if (field === 'role') {
      if (typeof value === 'string') choice.message.role = value;
    } else if (field === 'function_call' && value !== null && typeof value === 'object') {
      choice.message.function_call = mergeFields((choice.message.function_call as Fields | undefined) ?? {}, value as Fields);
    } else {
      choice.message[field] = appendValue(choice.message[field], value);
    }
  }
}

function mergeToolCall(calls: Map<number, Fields>, delta: Fields): void {
  const index = typeof delta.index === 'number' ? delta.index : calls.size;
  const { index: _index, ...fields } = delta;
  calls.set(index, mergeFields(calls.get(index) ?? {}, fields));
}

/** Strings concatenate (arguments); ids and types are set once, names replaced. */
function mergeFields(into: Fields, delta: Fields): Fields {
  const merged: Fields = { ...into };
  for (const [field, value] of Object.entries(delta)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      merged[field] = mergeFields((merged[field] as Fields | undefined) ?? {}, value as Fields);
    } else if (field === 'id' || field === 'type') {
      merged[field] ??= value;
    } else if (field === 'name') {
      // A name arrives whole (some providers repeat it in every delta): the latest replaces, never appends.
      if (typeof value === 'string' && value !== '') merged[field] = value;
    } else {
      merged[field] = appendValue(merged[field], value);
    }
  }
  return merged;
}

function appendValue(current: unknown, value: unknown): unknown {
  if (typeof value === 'string') return typeof current === 'string' ? current + value : value;
  if (value === null || value === undefined) return current ?? value;
  return value;
}

function appendLogprobs(current: Fields | null, delta: Fields): Fields {
  const merged: Fields = { ...(current ?? {}) };
  for (const [field, value] of Object.entries(delta)) {
    merged[field] = Array.isArray(value) && Array.isArray(merged[field]) ? [...(merged[field] as unknown[]), ...value] : value;
  }
  return merged;
}
