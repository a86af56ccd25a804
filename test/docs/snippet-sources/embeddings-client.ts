/** docs/embeddings.md: a client embeds through the gateway by changing only its base URL. */
// #region client
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: process.env['SLUICE_KEY'] });
const { data } = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['a cat', 'a dog'] });
// #endregion client
export { data };
