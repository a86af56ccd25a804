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

/** The one embeddings list every benchmark server answers `POST /v1/embeddings` with: one vector of 256 numbers. */
export const CANNED_EMBEDDINGS = JSON.stringify({
  object: 'list',
  data: [
    { object: 'embedding', index: 0, embedding: Array.from({ length: 256 }, (_, i) => Math.round(Math.sin(i) * 1e6) / 1e6) },
  ],
  model: 'bench-embedding-model',
  usage: { prompt_tokens: 6, total_tokens: 6 },
});
