/** A prompt's size in tokens, estimated without a tokenizer: about four characters per token. */

const CHARS_PER_TOKEN = 4;

/**
 * Counts string contents and the `text` of content parts (which the scan itself does not read), so
 * a token quota measures the whole prompt, not only what was classified.
 * @example
 * estimatePromptTokens([{ role: 'user', content: 'twelve chars' }]); // 3
 */
export function estimatePromptTokens(messages: readonly { readonly content?: unknown }[]): number {
  let chars = 0;
  for (const message of messages) {
    const content = message.content;
    if (typeof content === 'string') chars += content.length;
    else if (Array.isArray(content)) {
      for (const part of content as unknown[]) {
        const text = (part as { text?: unknown } | null)?.text;
        if (typeof text === 'string') chars += text.length;
      }
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
