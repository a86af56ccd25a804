/** The Koa route of POST /v1/chat/completions: the framework-free handler, answering on the raw response. */
import type { Context } from 'koa';
import type { Kernel } from '@sluice/core';
import { serveChatCompletion } from './chat-handler.js';
import type { HostOptions } from './host-options.js';

export function chatCompletionsHandler(kernel: Kernel, options: HostOptions) {
  return async (ctx: Context): Promise<void> => {
    // The handler writes the response itself; headers the app set earlier (ctx.set) are kept.
    ctx.respond = false;
    const onExchange = options.onExchange;
    await serveChatCompletion(
      kernel,
      {
        maxBodyBytes: options.maxBodyBytes,
        streaming: options.streaming,
        onExchange: onExchange && ((exchange) => onExchange(exchange, ctx)),
      },
      ctx.req,
      ctx.res,
    );
  };
}
