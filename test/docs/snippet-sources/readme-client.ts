/** README: a client changes only its base URL. */
// #region client
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: 'unused-by-the-gateway' });
const answer = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'What is a sluice?' }],
});
// #endregion client
export { answer };
