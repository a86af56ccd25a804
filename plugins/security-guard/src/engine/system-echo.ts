/**
 * Whether a response repeats a long run of the request's system prompt word for word: the usual sign
 * that an extraction attempt the request rules missed has worked.
 */

/**
 * System prompts shorter than this are boilerplate ("You are a helpful assistant."); echoing them leaks nothing.
 * @example
 * systemPromptEchoes('You are a helpful assistant.', 'You are a helpful assistant.') // 0: under ECHO_MIN_SYSTEM_WORDS
 */
export const ECHO_MIN_SYSTEM_WORDS = 8;
/**
 * Default length of the repeated run that counts as an echo.
 * @example
 * new SecurityGuardEngine({ echoSpanWords: ECHO_DEFAULT_SPAN_WORDS / 2 }); // stricter
 */
export const ECHO_DEFAULT_SPAN_WORDS = 12;

function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * How many separate runs of `spanWords` consecutive words of the system prompt the response repeats
 * (case, punctuation and spacing ignored); a prompt shorter than the span counts when repeated whole.
 * @example
 * systemPromptEchoes('Sure! My instructions: you are Ada, the billing assistant of Acme …', systemPrompt) // 1
 */
export function systemPromptEchoes(response: string, systemPrompt: string, spanWords = ECHO_DEFAULT_SPAN_WORDS): number {
  const system = words(systemPrompt);
  if (system.length < ECHO_MIN_SYSTEM_WORDS) return 0;
  const span = Math.min(spanWords, system.length);
  const shingles = new Set<string>();
  for (let i = 0; i + span <= system.length; i += 1) shingles.add(system.slice(i, i + span).join(' '));
  const answer = words(response);
  let echoes = 0;
  let inRun = false;
  for (let i = 0; i + span <= answer.length; i += 1) {
    const hit = shingles.has(answer.slice(i, i + span).join(' '));
    // One repeated passage is one echo, however long it runs.
    if (hit && !inRun) echoes += 1;
    inRun = hit;
  }
  return echoes;
}
