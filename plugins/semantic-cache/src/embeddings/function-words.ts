/**
 * English function words: the words two phrasings of one question most often trade ("how do I" /
 * "how can I" / "is it possible to"), so the local embedder weighs them down. Left out on purpose:
 * negations (not, no, never, without), particles that turn a verb around (in/out, on/off, up/down),
 * direction (from, into, until, since), comparatives and quantifiers (more, less, all, only, before,
 * after): they change the answer.
 */
// prettier-ignore
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  // articles, determiners, pronouns
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'such', 'i', 'me', 'my', 'mine',
  'myself', 'we', 'us', 'our', 'ours', 'you', 'your', 'yours', 'yourself', 'he', 'him', 'his', 'she',
  'her', 'hers', 'it', 'its', 'itself', 'they', 'them', 'their', 'theirs', 'one', 'someone', 'somebody',
  'anyone', 'anybody', 'something', 'anything', 'there', 'here',
  // auxiliaries and modals
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'doing', 'done', 'have',
  'has', 'had', 'having', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must',
  'ought', 'get', 'gets', 'got', 'getting', 'go', 'going', 'gonna',
  // prepositions and conjunctions that frame rather than decide
  'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'about', 'as', 'via', 'per',
  'between', 'and', 'or', 'but', 'if', 'so', 'then', 'than', 'vs', 'versus', 'while', 'whether',
  // question frames, requests and politeness (the local embedder weighs who/when/where/why/how up again)
  'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'please', 'pls', 'plz',
  'kindly', 'hi', 'hello', 'hey', 'thanks', 'thank', 'tell', 'explain', 'show', 'know', 'want',
  'wanted', 'wanna', 'need', 'like', 'wonder', 'wondering', 'curious', 'help', 'way', 'ways',
  'possible', 'able', 'just', 'really', 'actually', 'exactly', 'basically', 'also', 'still', 'even',
  'very', 'quite', 'ever', 'currently', 'again', 'anyway', 'okay', 'ok', 'yes',
]);
