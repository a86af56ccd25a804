/** The one chat completion every benchmark server answers with, so all paths move the same bytes. */
export const CANNED_COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench-0001',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'bench-model',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'A sluice is a water channel controlled at its head by a gate.', refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 14, total_tokens: 26 },
});
