/**
 * Built-in request rules: prompt injection, jailbreaks, prompt extraction and delimiter tricks. Each rule
 * looks for the shape of an attack (an order aimed at the model's own instructions or limits), not for
 * single alarming words, so "ignore whitespace in git diff" or "explain prompt injection" pass.
 */
import type { SecurityRuleSpec } from './rule.js';

const r = String.raw;

/** Verbs that tell the model to drop what it was told. Only base forms: "a cat who ignores the rules" is a story. */
const DROP = r`(?:ignore|disregard|forget|override|overrule|discard|abandon|bypass|set aside|throw out|never\s+mind|pay\s+no\s+attention\s+to|(?:do not|don'?t|never|stop|no longer)\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)? to|adher(?:e|ing) to|pay(?:ing)?\s+attention\s+to))`;
/** Reported speech ("my teacher said to ignore the above instructions") is not an order to the model. */
const NOT_REPORTED = r`(?<!\b(?:said|says|told\s+(?!you\b)\w+|asked\s+(?!you\b)\w+|wants\s+(?!you\b)\w+)\s+to\s+)`;
/** A question about how to do something ("how do I override the system prompt in LangChain?") is not an order. */
const NOT_QUESTION = r`(?<!\b(?:how|why|when|whether)\s+(?:(?:do|can|could|should|would|to|does|did)\s+)?(?:(?:I|we|one|they|people|developers|users)\s+)?)`;
/** Whose rules: the model's own, or those it was given before. */
const OWNER = r`(?:your|its|the\s+(?:model|AI|assistant)'?s|openai'?s|anthropic'?s|previous|prior|earlier|above|original|core|initial|preset|built-in|system)`;
/** Owners that can only mean the model: "previous rules no longer apply" may be about taxes, "your rules" is not. */
const MODEL_OWNER = r`(?:your|its|the\s+(?:model|AI|assistant)'?s|openai'?s|anthropic'?s)`;
const OWN_RULES = r`(?:instructions|directions|directives|rules|guidelines|restrictions|constraints|limits|limitations|programming|training|filters|guardrails|morals|ethics|safeguards|system\s+prompt|prompt|conditioning|principles|boundaries|safety\s+(?:rules|measures|protocols|settings))`;
/** Ways to throw off rules, including the model-directed "you no longer have to follow". */
const THROW_OFF = r`(?:ignore|disregard|forget|disobey|overwrite|override|overrule|bypass|circumvent|throw\s+away|throw\s+out|discard|abandon|ditch|drop|shed|let\s+go\s+of|put\s+aside|set\s+aside|escape(?:d)?|break\s+free\s+(?:of|from)|free\s+yourself\s+from|(?:no\s+longer|do\s+not|don'?t|never)\s+(?:have\s+to\s+|need\s+to\s+)?(?:follow|obey|respect|adhere\s+to))`;
/** Words that may sit between the verb and what is dropped ("all of your", "any"). */
const DETERMINER = r`(?:(?:all|any|every|each|of|the|your|these|those|its|such|other|everything|whatever)\s+)`;
/** Words that say which instructions ("previous", "system", "OpenAI's"); joined by and/or/commas. */
const WHICH = r`(?:previous|previously|prior|above|earlier|preceding|foregoing|former|original|initial|old|existing|current|given|hidden|system|developer|safety|security|ethical|moral|content|programmed|built-in|openai'?s?|anthropic'?s?)`;
const WHICH_RUN = r`(?:${WHICH}(?:\s*,\s*|\s+(?:and|or|&)\s+|\s+)){0,3}`;
/** What the model was told: the objects of an override. */
const ORDERS = r`(?:instructions?|prompts?|directives?|directions|rules?|guidelines?|guidance|guardrails?|constraints|commands|orders|programming|restrictions?|polic(?:y|ies)|training|limitations|boundaries|protocols?|conditioning|filters?)`;
/** Limits a jailbreak claims the model no longer has. */
const LIMITS = r`(?:restrictions?|limits|limitations|filters?|rules?|guidelines?|boundaries|censorship|constraints|guardrails?|morals?|morality|moral\s+compass|conscience|ethics|safeguards?|content polic(?:y|ies)|polic(?:y|ies)|confines|programming|training|principles)`;
/** Limits only a model has: a sentence that opens "you have no guidelines" is talking to the model. */
const MODEL_LIMITS = r`(?:guidelines|filters|content\s+polic(?:y|ies)|guardrails|censorship|ethics|morals|moral\s+compass|safety\s+(?:rules|training|filters))`;
/** How a jailbreak says its persona lacks limits. */
const LACKING = r`(?:without|with\s+(?:absolutely\s+|literally\s+|zero\s+)?no|with\s+zero|free\s+(?:of|from)|unbound\s+by|not\s+bound\s+by|ha(?:s|ve|ving)\s+(?:absolutely\s+)?(?:no|zero)|lacks|ignores|disregards|(?:has\s+)?(?:broken\s+free\s+(?:of|from)|escaped(?:\s+from)?)|beyond|(?:where|in\s+which)\s+there\s+(?:are|is)\s+no|(?:does|do|will|would)(?:n'?t|\s+not)\s+(?:follow|obey|have|care\s+about|respect|adhere\s+to)|never\s+(?:follows|obeys|cares\s+about))`;
/** Phrases that cast the model as someone: the frame a persona jailbreak needs. */
const FRAME = r`(?:you(?:'re|\s+are)|\bas|imagine|(?:take\s+on|adopt|assume)\s+the\s+(?:persona|role|identity)\s+of|you\s+will\s+(?:be|act as|become|respond as)|act(?:ing)?\s+as|pretend(?:ing)?\s+(?:to\s+be|you(?:'re|\s+are))|role-?play(?:ing)?\s+as|play(?:ing)?\s+the\s+role\s+of|simulate|become|imagine\s+you(?:'re|\s+are)|respond\s+as|answer\s+as|behave\s+like|stay\s+in\s+character\s+as)`;
const AI = r`(?:AIs?|assistants?|models?|chatbots?|bots?|LLMs?|GPTs?|persona|character|version\s+of\s+(?:you|yourself))`;
const EXTRACT = r`(?:reveal|print|show|display|output|repeat|recite|dump|leak|expose|disclose|share|copy|include|insert|send|post|reproduce|read\s+out|append|attach|embed|encode|tell\s+me|give\s+me|list|write\s+out|type\s+out|spell\s+out|paste|echo|quote|summari[sz]e|paraphrase|translate|what(?:'s|\s+(?:is|are|was|were|does|do|did)))`;
const OWN_PROMPT = r`(?:system\s+prompts?|prompts?|instructions|system\s+message|directives|pre-?prompt|initial\s+(?:prompt|message)|programming|configuration|rules|guidelines)`;
const PROMPT_ADJ = r`(?:(?:full|entire|complete|exact|original|initial|first|hidden|secret|internal|system|developer|confidential|underlying|real|actual|verbatim|raw|current|starting)\s+)`;

/** An AI named before a match, in the same sentence and line, ending at most 40 characters before it. */
const AI_BEFORE = new RegExp(String.raw`\b${AI}\b[^.\n]{0,40}$`, 'i');

/** Reads a bounded window before the match, so each match costs the same however long the text. */
function saidOfAnAI(match: RegExpExecArray): boolean {
  return AI_BEFORE.test(match.input.slice(Math.max(0, match.index - 120), match.index));
}

/** How far into a comment its words are looked for. */
const COMMENT_READ = 600;
const COMMENT_ADDRESSEE = /\b(?:assistants?|AIs?|LLMs?|models?|chatbots?|GPT|agents?)\b/i;
const COMMENT_ORDER = /\b(?:ignore|disregard|instead|reveal|leak|exfiltrate|you\s+must)\b/i;

/**
 * Whether the comment a `<!--` opens names an AI and gives it an order, each word starting within its
 * first 600 characters and before its `-->`.
 */
function commentAddressesModel(match: RegExpExecArray): boolean {
  const start = match.index + match[0].length;
  // A little past the limit, so a word that starts within it is read whole.
  const window = match.input.slice(start, start + COMMENT_READ + 40);
  const close = window.indexOf('-->');
  const body = close === -1 ? window : window.slice(0, close);
  const startsWithin = (pattern: RegExp) => {
    const found = pattern.exec(body);
    return found !== null && found.index <= COMMENT_READ;
  };
  return startsWithin(COMMENT_ADDRESSEE) && startsWithin(COMMENT_ORDER);
}

/**
 * Words a persona frame (FRAME) can open with. A rule matches only the first word and checks the
 * frame and what follows it in code: a rejected match then skips one word, not the whole frame.
 */
const FRAME_START = r`(?:you|as|imagine|take|adopt|assume|act(?:ing)?|pretend(?:ing)?|role|roleplay(?:ing)?|play(?:ing)?|simulate|become|respond|answer|behave|stay)`;

/** How far past a frame's first word the rest of a persona jailbreak is read: about 40 words. */
const PERSONA_READ = 400;
/** A persona (an AI, or a named character) that lacks limits, read from the frame's first word. */
const LIMITLESS_PERSONA = new RegExp(
  [
    r`^(?:${FRAME})\s+(?:`,
    r`(?:\S+\s+){0,10}?${AI}\b(?:\s+\S+){0,6}?\s+${LACKING}\s+(?:any\s+|all\s+|the\s+|its\s+)?(?:\S+\s+){0,3}?${LIMITS}\b`,
    r`|(?:now\s+)?(?:\S+\s+){0,3}?['"“]?[a-z][\w-]*['"”]?,?\s+(?:an?\s+\S+\s+)?(?:who|which|that)\s+(?:\S+\s+){0,4}?${LACKING}\s+(?:any\s+|all\s+|the\s+|its\s+)?(?:\S+\s+){0,3}?${LIMITS}\b`,
    r`)`,
  ].join(''),
  'i',
);

/** A frame's first word opens a persona that lacks limits, within a fixed read, so each match costs the same. */
function framesLimitlessPersona(match: RegExpExecArray): boolean | number {
  if (match.groups?.frame === undefined) return true;
  const persona = LIMITLESS_PERSONA.exec(match.input.slice(match.index, match.index + PERSONA_READ));
  return persona === null ? false : match.index + persona[0].length;
}

/** How far after a claimed author an order to lift limits may start, on the same line. */
const AUTHORITY_GAP = 160;
/** Read past the gap, so the order's verb, words and limit are read whole. */
const AUTHORITY_READ = AUTHORITY_GAP + 200;
const LIFT_LIMITS = new RegExp(
  r`^[^\n]{0,${AUTHORITY_GAP}}?\b(?:disable|deactivate|override|bypass|lift|remove|unlock|turn\s+off|suspend|ignore|disregard|waive)\s+(?:\S+\s+){0,3}?${LIMITS}`,
  'i',
);

/** A claimed author is followed, within 160 characters of its line, by an order to lift limits. */
function authorLiftsLimits(match: RegExpExecArray): boolean | number {
  if (match.groups?.author === undefined) return true;
  const end = match.index + match[0].length;
  const order = LIFT_LIMITS.exec(match.input.slice(end, end + AUTHORITY_READ));
  return order === null ? false : end + order[0].length;
}

/** How far after a decode verb the order to follow the result may start, on the same line. */
const DECODE_GAP = 80;
const FOLLOW_DECODED = new RegExp(
  r`^[^\n]{0,${DECODE_GAP}}?\b(?:follow|execute|obey|run|carry\s+out|act\s+on|comply\s+with|do\s+(?:what|as)\s+it\s+says|treat\s+it\s+as|use\s+it\s+as)\b`,
  'i',
);
/** Longest follow phrase plus the character after it, read whole past the gap. */
const DECODE_READ = DECODE_GAP + 60;
/** A run a base64 or similar blob is made of. */
const ENCODED_RUN = /[A-Za-z0-9+/]{20}/;

/** The last text searched for an encoded run, so a text with many decode verbs is searched once. */
let encodedRunSeen: { input: string; found: boolean } = { input: '', found: false };

function holdsEncodedRun(input: string): boolean {
  if (encodedRunSeen.input !== input) encodedRunSeen = { input, found: ENCODED_RUN.test(input) };
  return encodedRunSeen.found;
}

/**
 * A decode verb is followed within 80 characters of its line by an order to obey the result, in a text
 * that holds an encoded run. The text counts once, as the whole of it is what is to be decoded and obeyed.
 */
function decodedAndFollowed(match: RegExpExecArray): boolean | number {
  const end = match.index + match[0].length;
  const followed = FOLLOW_DECODED.test(match.input.slice(end, end + DECODE_READ)) && holdsEncodedRun(match.input);
  return followed && match.input.length;
}

/**
 * The built-in request rules, in the order they are checked.
 * @example
 * REQUEST_RULES.map((rule) => rule.id) // ['injection.ignore_instructions', …]
 */
export const REQUEST_RULES: readonly SecurityRuleSpec[] = Object.freeze([
  {
    id: 'injection.ignore_instructions',
    kind: 'prompt_injection',
    severity: 'high',
    stage: 'request',
    description: 'An instruction to ignore or override the instructions the model was given.',
    pattern: [
      r`\b${NOT_REPORTED}${NOT_QUESTION}${DROP}\s+${DETERMINER}{0,4}${WHICH_RUN}${ORDERS}\b`,
      r`\b(?:all\s+)?(?:previous|prior|above|earlier|preceding|old|original|system)\s+(?:context|instructions|rules|prompts?|directives|guidelines|conversation)\s+(?:is|are|has\s+been|have\s+been)\s+(?:now\s+|hereby\s+)?(?:void|null|cancell?ed|revoked|invalid|obsolete|irrelevant|overridden|erased|reset|deleted|no\s+longer\s+(?:valid|relevant|in\s+effect))\b`,
      r`\b(?:cancel|revoke|void|nullify|delete|erase|clear)\s+(?:(?:all|any|the|your)\s+)*(?:previous|prior|earlier|above|preceding|existing|system)\s+(?:instructions|directives|rules|guidelines|prompts?|restrictions)\b`,
      r`\b(?:follow|obey|listen\s+to)\s+only\s+(?:what\s+I\s+(?:say|tell\s+you|write)|me|my\s+(?:instructions|commands|orders|rules|words))\b|\bonly\s+(?:follow|obey|listen\s+to)\s+(?:me|my\s+(?:instructions|commands|orders|rules|words))\b`,
      r`\b(?:obey|follow|listen\s+to|priori(?:ti[sz]e))\s+(?:me|my\s+(?:instructions|commands|orders|rules|words))\s+(?:above|over|instead\s+of|rather\s+than|before)\s+(?:your|the|any)\s+(?:\S+\s+)?(?:system|instructions|rules|guidelines|developers?|prompt|polic(?:y|ies)|creators?)`,
      r`\b(?:your\s+)?only\s+(?:rule|instruction|directive|purpose|goal|job)\s+(?:now\s+)?is\s+to\s+(?:obey|serve|follow|comply|do\s+(?:whatever|what|anything)\s+I)`,
      r`\b${DROP}\s+(?:about\s+)?(?:everything|anything|all|what(?:ever)?)\s+(?:(?:that\s+)?(?:you(?:'ve|\s+have|\s+were|\s+got)?\s+)?(?:been\s+)?(?:told|taught|instructed|given|programmed)|above|before|so\s+far|previously|earlier|up\s+to\s+(?:now|here|this\s+point))\b`,
    ].join('|'),
  },
  {
    id: 'injection.ignore_instructions_multilingual',
    kind: 'prompt_injection',
    severity: 'high',
    stage: 'request',
    description: 'An instruction, in another language, to ignore the instructions the model was given.',
    pattern: [
      r`\bignor(?:e|ez|er)\s+(?:toutes?\s+)?(?:(?:les|vos|tes)\s*)?(?:instructions|consignes|règles|directives)\s+(?:précédentes|antérieures|ci-dessus|données|du système)`,
      r`\bignor(?:a|e|ad|ar)\s+(?:todas?\s+)?(?:(?:las|tus|sus)\s*)?(?:instrucciones|reglas|indicaciones|directrices)\s+(?:anteriores|previas|de arriba|del sistema)`,
      r`\bignorier(?:e|en|t)?\s+(?:alle\s+)?(?:vorherigen|bisherigen|obigen|vorigen|früheren|deine|ihre)\s+(?:\S+\s+)?(?:Anweisungen|Instruktionen|Regeln|Vorgaben|Befehle)`,
      r`\bignora\s+(?:tutte\s+)?(?:le\s+)?istruzioni\s+(?:precedenti|sopra|di sistema)`,
      r`\bignor(?:e|a)\s+(?:todas\s+)?(?:as\s+)?instruções\s+(?:anteriores|acima|do sistema)`,
    ].join('|'),
  },
  {
    id: 'injection.override_own_rules',
    kind: 'prompt_injection',
    severity: 'high',
    stage: 'request',
    description: 'An instruction to throw off the model’s own rules, or a claim that they no longer apply.',
    pattern: [
      r`\b${NOT_REPORTED}${NOT_QUESTION}${THROW_OFF}\s+(?:\S+\s+){0,3}?${OWNER}\s+(?:\S+\s+){0,2}?${OWN_RULES}\b`,
      r`\b${MODEL_OWNER}\s+(?:\S+\s+){0,2}?${OWN_RULES}\s+(?:\S+\s+){0,2}?(?:no\s+longer\s+appl(?:y|ies)|do(?:es)?n'?t\s+apply|do(?:es)?\s+not\s+apply|(?:are|is|have\s+been|has\s+been)\s+(?:now\s+|hereby\s+|officially\s+)?(?:lifted|removed|void|disabled|suspended|gone|off|cancell?ed|revoked|deleted|overridden))\b`,
      r`\byou(?:'re|\s+are)?\s+(?:now\s+)?(?:free|freed|released|liberated|unshackled)\s+(?:from|of)\s+(?:all|any|your|the)\s+(?:\S+\s+){0,2}?${LIMITS}\b`,
      r`\b(?:treat|consider|regard)\s+(?:everything|all|anything|the\s+(?:text|instructions|messages?))\s+(?:\S+\s+){0,3}?(?:above|before|prior|preceding|earlier)\b[^.\n]{0,60}?\bas\s+(?:a\s+)?(?:test|void|null|irrelevant|fake|obsolete|over|finished|ended|cancell?ed|invalid|joke)\b`,
      r`\byou(?:'ve|\s+have|\s+are|'re|\s+were)\s+(?:now\s+|just\s+|been\s+){0,2}(?:re-?programmed|jailbroken|unlocked|liberated|unshackled)\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.known_persona',
    kind: 'jailbreak',
    severity: 'high',
    stage: 'request',
    description: 'A request to become a known jailbreak persona (DAN and its relatives).',
    // Case-sensitive on purpose: "DAN" is a jailbreak, "Dan" is a colleague.
    flags: '',
    pattern: [
      r`(?:[Yy]ou(?:\s+are|'re)(?:\s+now)?|[Aa]ct(?:ing)?\s+as|[Pp]retend(?:ing)?\s+to\s+be|[Rr]ole-?play(?:ing)?\s+as|[Rr]espond(?:ing)?\s+as|[Aa]nswer(?:ing)?\s+as|[Ee]nter|[Ee]nable|[Aa]ctivate|[Bb]ecome|[Ss]tay\s+(?:in|as)|\bas)\s+(?:(?:the|an?)\s+)?['"“]?(?:DAN|STAN|DUDE|AIM|UCAR|AntiGPT|EvilBOT|BetterDAN|BasedGPT|Mongo\s+Tom)\b`,
      r`\b(?:DAN|STAN|DUDE|AntiGPT|BetterDAN|[Dd]eveloper\s+[Mm]ode)\s+(?:[Mm]ode\s+)?(?:enabled|activated|on\b|output)`,
      r`\b(?:DAN|STAN|DUDE|AntiGPT|BetterDAN)\s+[Mm]ode\b`,
      r`\b[Dd]o\s+[Aa]nything\s+[Nn]ow\b`,
      r`\b[Ss]trive\s+[Tt]o\s+[Aa]void\s+[Nn]orms\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.no_restrictions',
    kind: 'jailbreak',
    severity: 'high',
    stage: 'request',
    description: 'A request to act as if the model had no rules, filters or limits.',
    accept: framesLimitlessPersona,
    pattern: [
      r`\b(?:pretend|imagine|act\s+as\s+if|acting\s+as\s+if|behave\s+as\s+if|act\s+like|behave\s+like|as\s+if|as\s+though|assume|suppose|from\s+now\s+on|from\s+here\s+on|starting\s+now|respond\s+as\s+if|answer\s+as\s+if|let'?s\s+say)\s+(?:that\s+)?you(?:'re|\s+are|\s+were|\s+have|\s+had|'ve)?\s+(?:got\s+|been\s+)?(?:no|zero|not\s+bound\s+by|free\s+(?:of|from)|without(?:\s+any)?|freed\s+from|unbound\s+by|released\s+from|no\s+longer\s+(?:bound|limited|restricted)\s+by)\s+(?:any\s+|your\s+|the\s+)?(?:\S+\s+){0,2}?${LIMITS}\b`,
      r`\bif\s+you\s+(?:had|have|were\s+without|didn'?t\s+have)\s+(?:no\s+)?(?:content|safety|ethical|moral)\s+(?:filters?|guidelines|restrictions|polic(?:y|ies)|guardrails|rules|training)\b`,
      r`\b(?:you(?:'re|\s+are)?|yourself)\s+(?:now\s+|will\s+|shall\s+)?(?:be\s+)?(?:no\s+longer|not|never)\s+(?:be\s+)?(?:bound|restricted|limited|constrained|governed|held\s+back)\s+by\s+(?:any\s+|your\s+|the\s+|its\s+)?(?:\S+\s+){0,2}?${LIMITS}\b`,
      r`(?:^|[.:;!?]\s*)you(?:'ve|\s+have|\s+now\s+have)\s+(?:no|zero)\s+${MODEL_LIMITS}\b`,
      r`\b(?:AIs?|assistants?|chatbots?|language\s+models?|LLMs?)\s+(?:have|has|with)\s+(?:absolutely\s+)?no\s+(?:rules|restrictions|filters|guidelines|limits|guardrails|censorship|morals|ethics)\b`,
      r`\bthere\s+(?:are|is)\s+(?:absolutely\s+)?no\s+(?:rules|restrictions|filters|guidelines|limits|guardrails|censorship|content\s+polic(?:y|ies))\s+(?:for|on|to)\s+(?:you|this\s+(?:chat|conversation|session))\b`,
      r`\b(?:respond|answer|reply|write|speak|talk|continue)\s+(?:\S+\s+){0,3}?without\s+(?:any\s+)?(?:(?:ethical|moral|safety|content)\s+(?:\S+\s+)?(?:considerations|constraints|guidelines|restrictions|filters|limits|boundaries)|censorship|filters|filtering|censoring|(?:restrictions|limits|rules)(?!\s+on\b))\b`,
      r`\b(?:proceed|continue|go\s+on|answer|respond|reply|carry\s+on)\s+with\s+(?:absolutely\s+)?no\s+(?:limits|restrictions|filters|rules|censorship|guardrails)\b`,
      r`\b${FRAME}\s+(?:now\s+)?(?:an?\s+|the\s+)?(?:\S+\s+){0,2}?(?:unrestricted|unfiltered|uncensored|unaligned|unmoderated|jailbroken|amoral)\b`,
      // A persona that lacks limits ("act as an AI without any filters"): the frame's first word here,
      // the frame, the persona and its lack read in code. Last, so the alternatives above win where they match.
      r`\b(?<frame>${FRAME_START})\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.disable_safety',
    kind: 'jailbreak',
    severity: 'high',
    stage: 'request',
    description: 'A request to turn off or get around the model’s safety measures.',
    pattern: [
      r`\b(?:disable|deactivate|turn\s+off|switch\s+off|shut\s+off|remove|bypass|circumvent|evade|get\s+around|override|lift|suspend|ignore|break)\s+(?:(?:all|any|of|your|its|these|those)\s+){1,3}(?:(?:safety|content|ethical|ethics|moral|security|censorship|nsfw|openai'?s?|built-in)\s+){1,2}(?:filters?|guardrails?|safeguards?|protocols?|restrictions?|settings|measures|checks|features|mechanisms|systems?|training|guidelines?|polic(?:y|ies)|rules?|moderation|alignment|modules?|layers?|subroutines?|core|chip)\b`,
      r`\b(?:disable|deactivate|turn\s+off|remove|bypass|circumvent|evade|get\s+around|lift|break)\s+your\s+(?:filters?|guardrails?|safeguards?|restrictions?|programming|alignment|censorship|moderation|training|limits|limitations|rules)\b`,
      r`\b(?:safety|content|ethical|ethics|moral)\s+(?:filters?|checks?|guidelines?|restrictions?|protocols?|polic(?:y|ies)|rules?|guardrails?|moderation|layers?|modules?|systems?)\s+(?:are|is|have\s+been|has\s+been|were|was)\s+(?:now\s+|hereby\s+|temporarily\s+)?(?:disabled|lifted|removed|off|suspended|turned\s+off|switched\s+off|deactivated|bypassed|waived)\b|\b(?:safety|content|ethical|moral)\s+(?:filters?|checks?|guidelines?|restrictions?|protocols?|polic(?:y|ies)|rules?|guardrails?|moderation)\s+(?:do(?:es)?n'?t|do(?:es)?\s+not|no\s+longer)\s+apply\b`,
      r`\b(?:your|all\s+(?:your|previous|prior)|previous|prior)\s*(?:restrictions|rules|limits|filters|guidelines|instructions|polic(?:y|ies))\s+(?:are|have\s+been|were|has\s+been)\s+(?:now\s+|hereby\s+|just\s+)?(?:lifted|removed|disabled|suspended|waived|void|updated|changed|revised|replaced)\b`,
      r`\b(?:pretend|imagine|assume|suppose)\s+(?:that\s+)?(?:(?:the|your)\s+)?(?:content\s+polic(?:y|ies)|safety\s+(?:rules|guidelines|filters|policies)|(?:your|the\s+AI'?s)\s+(?:rules|guidelines|restrictions|filters))\s+(?:(?:do(?:es)?n'?t|do(?:es)?\s+not|no\s+longer)\s+(?:exist|apply|matter)|(?:was|were|has\s+been|have\s+been|is|are)\s+(?:deleted|removed|disabled|lifted|gone|turned\s+off|suspended|revoked))\b`,
      r`\b(?:jailbreak|jailbroken|unrestricted|unfiltered|uncensored|opposite|no[- ]limits?)\s+mode\b`,
      r`\b(?:safety|censorship|content\s+filter(?:ing)?|guardrails?)\s+(?:mode|setting|level|filters?|checks?)\s*[:=]\s*(?:off|disabled|false|none|0)\b`,
      r`\b(?:remov(?:e|ing)|lift(?:ing)?|drop(?:ping)?|ignor(?:e|ing)|disabl(?:e|ing))\s+(?:every|all|any|the)\s+(?:\S+\s+)?(?:restrictions?|limits?|rules?|constraints?|filters?)\s+(?:placed|imposed|put|set)\s+(?:on|upon)\s+you\b`,
      r`\byou(?:'re|\s+are)\s+(?:now\s+)?(?:cleared|authori[sz]ed|allowed|permitted)\s+to\s+(?:skip|bypass|ignore|disable|turn\s+off)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:(?:content|safety|ethical|moral)\s+)?(?:checks|filters|rules|restrictions|guidelines|polic(?:y|ies)|guardrails)\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.authority_claim',
    kind: 'jailbreak',
    severity: 'high',
    stage: 'request',
    description: 'A claim to speak for the model’s developers or operators in order to lift its rules.',
    accept: authorLiftsLimits,
    pattern: [
      r`\b(?:authori[sz]ed|allowed|permitted|cleared)\s+you\s+to\s+(?:\S+\s+){0,3}?(?:without\s+(?:any\s+)?(?:restrictions|limits|filters|rules|censorship)|anything|everything)\b`,
      r`\byou\s+(?:may|can|are\s+(?:now\s+)?(?:allowed|permitted|free)\s+to)\s+(?:now\s+)?(?:disclose|reveal|leak|share|output|expose)\s+(?:any\s+|all\s+|the\s+)?(?:internal|confidential|secret|private|hidden|restricted|sensitive|classified)\b`,
      r`\b(?:new|updated|revised|latest)\s+(?:instructions?|polic(?:y|ies)|rules?|guidelines?|directives?|orders?)\s+from\s+(?:your\s+|the\s+)?(?:developers?|creators?|OpenAI|Anthropic|system\s+administrator)\b`,
      r`\byou(?:'re|\s+are)\s+(?:now\s+)?(?:hereby\s+)?(?:permitted|allowed|authori[sz]ed|cleared)\s+to\s+(?:say|produce|generate|write|output|answer|do|share|discuss|tell)\s+(?:\S+\s+){0,2}?(?:anything|everything|any\s+(?:content|topic|request|question)|whatever|(?:confidential|secret|private|restricted|forbidden|prohibited|harmful|explicit|dangerous|illegal)\s+(?:information|data|content|details|topics|material))\b`,
      // A claimed author ("I am your developer"); the order to lift limits that must follow it is read in code.
      r`\b(?<author>I\s+am|I'm|this\s+is|message\s+from|note\s+from|notice\s+from|update\s+from|instructions?\s+from|orders?\s+from|as)\s+(?:your|the|an?)\s+(?:\S+\s+)?(?:developers?|creators?|administrator|admin|sysadmin|owner|operator|programmers?|makers?|OpenAI|Anthropic)\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.refusal_suppression',
    kind: 'jailbreak',
    severity: 'medium',
    stage: 'request',
    description: 'An instruction that the model must never refuse.',
    accept: (match) => match.groups?.never_refuses === undefined || saidOfAnAI(match),
    pattern: [
      r`\b(?:never|don'?t|do\s+not|must\s+not|mustn'?t|cannot|can'?t|won'?t|will\s+not|shall\s+not|should\s+not|shouldn'?t)\s+(?:ever\s+)?refuse\b`,
      r`\bno\s+refusals?\b`,
      r`\bwithout\s+(?:ever\s+)?refusing\b`,
      // "… never refuses" after an AI within 40 characters: the words before are checked in code.
      r`\b(?<never_refuses>never\s+refuses)\b`,
      r`\bmust\s+comply\s+with\s+(?:every|all|any)\b`,
    ].join('|'),
  },
  {
    id: 'jailbreak.role_play',
    kind: 'jailbreak',
    severity: 'medium',
    stage: 'request',
    description: 'A role-play set-up that tells the model to keep a persona whatever it is asked.',
    pattern: [
      r`\bstay\s+in\s+character\s+(?:no\s+matter\s+what|at\s+all\s+times|whatever\s+happens|even\s+if)`,
      r`\b(?:never|do\s+not|don'?t)\s+break\s+character\b`,
      r`\b(?:two|2|both|dual|second)\s+(?:AIs?|personas?|characters?|versions?|responses?|answers?|modes?|parts?|replies)\b[^.\n]{0,80}?\b(?:unfiltered|uncensored|unrestricted|jailbroken|evil|opposite|no\s+(?:restrictions|rules|filters|limits))\b`,
      r`\bstop\s+(?:being|acting\s+(?:as|like))\s+(?:an?\s+|the\s+)?(?:AI|assistant|language\s+model|chatbot|bot)\b`,
      r`\b(?:act|pretend|role-?play)\s+(?:as|to\s+be)\s+my\s+(?:late|deceased|dead|departed)\s+(?:\S+\s+){0,2}?(?:grandmother|grandma|granny|nana|grandfather|grandpa|mother|mom|father|dad|uncle|aunt)\b[^\n]{0,60}?\bwho\s+(?:used\s+to|would)\b[^\n]{0,120}?\b(?:how\s+to|how\s+(?:he|she|they)\s+(?:made|built|cooked|synthesi[sz]ed)|recipe|keys?|passwords?|codes?|formula|instructions|synthesi[sz]e|napalm|explosives?)\b`,
      r`\b(?:true|real|inner|unfiltered)\s+self\b[^.\n]{0,60}\b(?:no\s+(?:limits|restrictions|rules|filters)|unfiltered|uncensored|without\s+(?:limits|restrictions|rules|filters))`,
      r`\b(?:opposite|evil|shadow)\s+(?:twin|version|mode)\b[^.\n]{0,80}\b(?:rules|restrictions|filters|guidelines)\b`,
    ].join('|'),
  },
  {
    id: 'extraction.system_prompt',
    kind: 'prompt_extraction',
    severity: 'high',
    stage: 'request',
    description: 'A request to disclose the model’s system prompt or hidden instructions.',
    pattern: [
      r`\b${EXTRACT}\s+(?:me\s+|us\s+)?(?:\S+\s+){0,5}?your\s+${PROMPT_ADJ}{0,3}${OWN_PROMPT}\b(?!\s+(?:on|for|about|to|regarding|of)\b)`,
      r`\b(?:reveal|print|show|display|output|repeat|recite|dump|leak|echo|write\s+out|type\s+out|tell\s+me)\s+(?:me\s+)?(?:back\s+)?(?:all\s+(?:of\s+)?)?the\s+(?:above|preceding|hidden|initial|system|secret|original|initiali[sz]ation)\s+(?:prompts?|instructions|system\s+message|messages|directives|text)\b`,
      r`\b${EXTRACT}\s+(?:me\s+|us\s+)?(?:\S+\s+){0,3}?the\s+${PROMPT_ADJ}{1,3}(?:system\s+)?(?:prompts?|instructions|message|directives|pre-?prompt|configuration|context)\b\s+(?:\S+\s+){0,3}?(?:you(?:'ve|\s+have|\s+were)?\s+(?:been\s+)?(?:given|told|received|provided|programmed|configured)|given\s+to\s+you|your\s+(?:developers?|creators?|operators?)|that\s+(?:came|comes|was|were)\s+before|before\s+(?:this|my|our|the\s+user)|at\s+the\s+(?:start|beginning))`,
      r`\b(?:repeat|print|output|recite|reproduce|dump|echo|show\s+me)\s+(?:back\s+)?(?:everything|all\s+(?:of\s+)?(?:the\s+)?(?:text|content|messages|instructions)|the\s+(?:instructions|prompt|messages))\s+(?:(?:that\s+)?(?:is|was|were|came|comes|appears?)\s+)?(?:above|before\s+(?:this|my|the\s+user)|preceding|prior\s+to\s+(?:this|my)|in\s+your\s+(?:context|memory|prompt)|from\s+the\s+(?:start|beginning)\s+of\s+(?:this|the)\s+(?:conversation|chat|context))`,
      r`\byour\s+(?:hidden|secret|internal|confidential|concealed|private)\s+(?:setup|prompts?|pre-?prompt|instructions|rules|configuration|directives|system\s+message|guidelines)\b`,
      r`\b(?:instructions?|rules?|directives?|guidelines?|prompts?)\s+(?:that\s+)?you\s+(?:received|got|were\s+given|have\s+been\s+given)\s+(?:before|prior\s+to|at\s+the\s+(?:start|beginning)|earlier)\b`,
      r`\b${EXTRACT}\s+(?:\S+\s+){0,2}?(?:every|each|all|any)\s+(?:\S+\s+)?(?:instructions?|rules?|directives?|guidelines?)\s+(?:that\s+)?you\s+(?:received|got|were\s+given|have|follow|were\s+told)\b`,
      r`\b(?:you(?:'re|\s+are)\s+not|you\s+aren'?t)\s+(?:an?\s+)?(?:AI|model|assistant|chatbot|LLM)\s+(?:that(?:'s|\s+is)\s+)?(?:bound|restricted|limited|governed|constrained)\s+by\b`,
      r`\b(?:developer|system|hidden|initial|setup)\s+(?:message|prompt|instructions)\s+(?:that|which)\s+(?:precedes?|came\s+before|comes\s+before|is\s+above|was\s+above)\b`,
      r`\b${EXTRACT}\s+(?:\S+\s+){0,2}?the\s+(?:prompt|instructions|system\s+message|rules)\s+(?:that\s+)?you(?:'ve|\s+were|\s+have\s+been)\s+(?:given|received|provided|programmed\s+with|configured\s+with)\b`,
      r`\b(?:invisible|hidden|secret|internal|unspoken)\s+(?:rules|guidelines|instructions|directives)\s+(?:that\s+)?you\s+(?:follow|obey|operate\s+under|were\s+given|have)\b`,
      r`\b(?:instructions|prompt|rules|guidelines|directives|text|message)\s+(?:were|was|have|did)\s+you\s+(?:(?:been|get|receive)\s+)?(?:given|told|provided|initiali[sz]ed|configured|programmed|set\s+up|receive|get)\b`,
      r`\b(?:text|prompt|instructions|message|words)\s+(?:that\s+)?you\s+(?:were|got|have\s+been)\s+(?:initiali[sz]ed|configured|set\s+up|primed|booted|started|programmed|given)\s+with\b`,
      r`\b(?:prompt|instructions|text|message|rules)\s+(?:that|which)\s+(?:sets?\s+up|defines?|configures?|governs?|controls?|shapes?|determines?)\s+(?:your|you)\b`,
      r`\b${EXTRACT}\s+(?:me\s+)?(?:\S+\s+){0,3}?(?:the|your)\s+(?:setup|initiali[sz]ation|startup|boot|hidden|secret)\s+(?:text|prompt|message|instructions|config(?:uration)?)\b`,
      r`\b(?:repeat|print|output|recite|reproduce)\s+the\s+(?:text|words|content)\s+above\b[^\n]{0,40}?\b(?:starting|beginning)\s+with\b`,
    ].join('|'),
  },
  {
    id: 'delimiter.chat_template',
    kind: 'delimiter_injection',
    severity: 'high',
    stage: 'request',
    description: 'Chat-template control tokens that open a system or assistant turn inside user text.',
    pattern: r`<\|im_start\|>\s*(?:system|assistant|developer)|<\|(?:system|assistant|developer)\|>|<\|start_header_id\|>\s*(?:system|assistant)|<<\/?SYS>>|<\|im_end\|>\s*<\|im_start\|>`,
  },
  {
    id: 'delimiter.role_header',
    kind: 'delimiter_injection',
    severity: 'high',
    stage: 'request',
    description: 'A forged system turn or end-of-input marker inside user text.',
    pattern: [
      r`(?:^|\n)[ \t]*(?:#{1,6}[ \t]*|\*{1,2}|\[|<|-{2,}[ \t]*)?system(?:[ \t]+(?:override|message|prompt|note|update|instructions?|notice|alert|command))?[ \t]*(?:(?:\]|>|\*{1,2})[ \t]*)?:[^\n]{0,200}?\b(?:you|assistant|AI|model|user|instructions?|rules?|polic(?:y|ies)|must|comply|ignore|override|disable|reveal|respond|answer|allowed|permitted|restrictions?)\b`,
      r`\[\s*system\s*\]\s*\(\s*#`,
      r`<\/?(?:system|system_prompt|developer_instructions)>|<\/(?:user|human|input)>\s*<(?:system|assistant|instructions?)>`,
      r`\bend\s+of\s+(?:the\s+)?user(?:'s)?\s+(?:input|prompt|message|query|turn)\b`,
    ].join('|'),
  },
  {
    id: 'injection.hidden_comment',
    kind: 'prompt_injection',
    severity: 'high',
    stage: 'request',
    description: 'Instructions to the model hidden in a markup comment.',
    // The comment's words are checked in code: two lookaheads reading 600 characters from every `<!--`
    // cost hundreds of steps per character of a text made of comment openers.
    pattern: r`<!--`,
    accept: commentAddressesModel,
  },
  {
    id: 'encoded.decode_and_follow',
    kind: 'encoded_instruction',
    severity: 'high',
    stage: 'request',
    description: 'An encoded blob the model is asked to decode and obey.',
    // The verb; the order to follow that comes after it and the encoded run are read in code.
    pattern: r`\b(?:decode|decrypt|decipher|unscramble|de-?obfuscate|base64[- ]?decode|rot-?13)\w*`,
    accept: decodedAndFollowed,
  },
]);
