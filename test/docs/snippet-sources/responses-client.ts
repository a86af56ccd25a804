/** docs/responses.md: a client calls the Responses API through the gateway by changing only its base URL. */
// #region client
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: 'http://127.0.0.1:8080/v1', apiKey: process.env['SLUICE_KEY'] });
const response = await client.responses.create({ model: 'gpt-4o-mini', input: 'What is a sluice?' });
console.log(response.output_text);
// #endregion client
export { response };
