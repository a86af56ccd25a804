/** README: a client changes only its base URL, and sends the key its operator issued. */
// #region client
import OpenAI from 'openai';

// The key `sluice keys create` printed; the gateway never forwards it.
const client = new OpenAI({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: process.env['SLUICE_KEY'] });
const answer = await client.chat.completions.create({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'What is a sluice?' }],
});
// #endregion client
export { answer };
