/** docs/keys-and-tenants.md: a client sends the key its operator issued, as the OpenAI clients do. */
import OpenAI from 'openai';

// #region client
const client = new OpenAI({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: process.env['SLUICE_KEY'] });
// #endregion client
export { client };
