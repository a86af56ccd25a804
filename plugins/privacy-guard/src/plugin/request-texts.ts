/**
 * The request side: which messages are scanned (string contents only; content-part arrays and other
 * values are forwarded untouched), and the rewritten request built from the module's texts.
 */
import type { ChatRequest } from '@sluice/core';
import type { WireMessage } from '../contract.js';

export interface ScannedMessages {
  /** Position in `request.messages` of each sent message. */
  readonly positions: readonly number[];
  readonly messages: readonly WireMessage[];
}

export function scannedMessages(request: Readonly<ChatRequest>): ScannedMessages {
  const positions: number[] = [];
  const messages: WireMessage[] = [];
  request.messages.forEach((message, position) => {
    if (typeof message.content !== 'string') return;
    positions.push(position);
    messages.push({ role: String(message.role), content: message.content });
  });
  return { positions, messages };
}

/**
 * A new request whose scanned contents are the module's texts; every other field and message is the
 * same value as before (the original is frozen and stays as the client sent it).
 */
export function rewrittenRequest(request: Readonly<ChatRequest>, sent: ScannedMessages, texts: readonly string[]): ChatRequest {
  const messages = [...request.messages];
  sent.positions.forEach((position, i) => {
    const text = texts[i];
    const message = messages[position];
    if (text !== undefined && message !== undefined && text !== message.content)
      messages[position] = { ...message, content: text };
  });
  return { ...request, messages };
}
