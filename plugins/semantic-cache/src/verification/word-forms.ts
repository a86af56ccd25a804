/**
 * Two spellings of one word that a stem does not join: a derivation ("differ" / "difference",
 * "slow" / "slowly", "analyse" / "analysis"), a clipping ("crypto" / "cryptocurrency", "doc" /
 * "document"), two spellings of one unit ("oz" / "ounces"), the British and American names of one thing ("windscreen" / "windshield"), or two
 * words that ask for one answer ("how far" / "the distance", "under" / "less than").
 */
import { stemOf } from './stems.js';
import { UNITS } from './word-lists.js';

/**
 * Endings that make a noun, adjective or adverb of the same word, longest first. Each strips to a root
 * of five letters or more (four before -ly), so short words ("mill" of "million") never meet.
 */
const DERIVATIONS: readonly (readonly [string, string])[] = [
  ['ification', 'ify'],
  ['ified', 'ify'],
  ['iness', 'y'],
  ['ily', 'y'],
  ['ation', 'e'],
  ['ences', ''],
  ['ence', ''],
  ['ent', ''],
  ['ances', ''],
  ['ance', ''],
  ['ness', ''],
  ['ment', ''],
  ['able', ''],
  ['sis', 'se'],
  ['ion', ''],
  ['ly', ''],
];

/** Endings of one family: "difference" and "different" are both "differ", "diversified" and "diversification" "diversify". */
const SIBLINGS: ReadonlySet<string> = new Set(['ences', 'ence', 'ent', 'ances', 'ance', 'ification', 'ified']);

/** Adverbs in -ly whose meaning is not the word's: "hardly" is not "hard", "lately" not "late". */
// prettier-ignore
const NOT_DERIVED: ReadonlySet<string> = new Set([
  'hardly', 'lately', 'shortly', 'nearly', 'barely', 'highly', 'mostly', 'justly', 'scarcely', 'deadly',
  'early', 'only', 'family', 'daily', 'weekly', 'monthly', 'yearly', 'likely', 'apply', 'supply', 'reply',
  'fly', 'ugly', 'italy', 'rally', 'jelly', 'belly', 'holly', 'bully', 'fully', 'really', 'friendly',
  'lovely', 'lonely', 'silly', 'elderly', 'costly', 'timely', 'orderly', 'comely', 'kindly', 'presently',
  'directly', 'eventually', 'ultimately', 'literally', 'terribly', 'awfully', 'pretty', 'fairly',
]);

/** Clipped words and the word they clip, compared by stem. */
// prettier-ignore
const CLIPPINGS: ReadonlyMap<string, string> = new Map(Object.entries({
  crypto: 'cryptocurrency', doc: 'document', docs: 'documents', dict: 'dictionary', dicts: 'dictionaries',
  char: 'character', chars: 'characters', grad: 'graduate', grads: 'graduates', temp: 'temperature',
  info: 'information', app: 'application', apps: 'applications', vet: 'veterinarian', lab: 'laboratory',
  exam: 'examination', fridge: 'refrigerator', photo: 'photograph', photos: 'photographs', pic: 'picture',
  pics: 'pictures', ad: 'advertisement', ads: 'advertisements', admin: 'administrator', bike: 'bicycle',
  math: 'mathematics', maths: 'mathematics', uni: 'university', config: 'configuration', repo: 'repository',
  repos: 'repositories', env: 'environment', spec: 'specification', specs: 'specifications', stats:
  'statistics', approx: 'approximately', mic: 'microphone', tech: 'technology', teen: 'teenager', teens:
  'teenagers', vs: 'versus', ok: 'okay', id: 'identification', gov: 'government', govt: 'government',
  prof: 'professor', intro: 'introduction', rehab: 'rehabilitation', sub: 'subscription', subs: 'subscriptions',
  fave: 'favourite', fav: 'favourite', max: 'maximum', min: 'minimum', auto: 'automatic', sec: 'second',
  pc: 'computer', ram: 'memory', tv: 'television', pj: 'pyjamas', diff: 'difference', op: 'operation',
  js: 'javascript', ts: 'typescript', py: 'python', mini: 'miniature', minis: 'miniatures',
}));

/** One thing, its British and its American name. */
// prettier-ignore
const REGIONAL: readonly (readonly [string, string])[] = [
  ['windscreen', 'windshield'], ['dummy', 'pacifier'], ['nappy', 'diaper'], ['nappies', 'diapers'], ['flat', 'apartment'],
  ['lorry', 'truck'], ['petrol', 'gas'], ['holiday', 'vacation'], ['trainers', 'sneakers'], ['biscuit', 'cookie'],
  ['tap', 'faucet'], ['motorway', 'highway'], ['pavement', 'sidewalk'], ['rubbish', 'trash'], ['rubbish', 'garbage'],
  ['aubergine', 'eggplant'], ['courgette', 'zucchini'], ['coriander', 'cilantro'], ['jumper', 'sweater'],
  ['postcode', 'zipcode'], ['film', 'movie'], ['films', 'movies'], ['cv', 'resume'], ['mum', 'mom'], ['autumn', 'fall'],
  ['chemist', 'pharmacy'], ['timetable', 'schedule'], ['torch', 'flashlight'], ['mobile', 'cellphone'],
  ['crisps', 'chips'], ['chips', 'fries'], ['hob', 'stovetop'], ['cooker', 'stove'], ['tin', 'can'], ['queue', 'line'],
  ['loft', 'attic'], ['cheque', 'check'], ['paycheque', 'paycheck'],
  // British and American spellings more than one letter apart (one letter apart is a spelling variant already).
  ['mould', 'mold'], ['mouldy', 'moldy'], ['moult', 'molt'], ['plough', 'plow'], ['ploughed', 'plowed'],
  ['catalogue', 'catalog'], ['dialogue', 'dialog'], ['analogue', 'analog'], ['jewellery', 'jewelry'],
  ['hiccough', 'hiccup'], ['programme', 'program'], ['pyjamas', 'pajamas'], ['sceptical', 'skeptical'],
  ['manoeuvre', 'maneuver'], ['oestrogen', 'estrogen'], ['foetus', 'fetus'], ['paediatric', 'pediatric'],
  ['paediatrician', 'pediatrician'], ['anaesthetic', 'anesthetic'], ['anaesthesia', 'anesthesia'],
  ['haemoglobin', 'hemoglobin'], ['haemorrhoids', 'hemorrhoids'], ['orthopaedic', 'orthopedic'],
  ['leukaemia', 'leukemia'], ['oesophagus', 'esophagus'], ['diarrhoea', 'diarrhea'], ['gynaecologist', 'gynecologist'],
  ['archaeology', 'archeology'], ['kerb', 'curb'], ['draught', 'draft'], ['storey', 'story'], ['sulphur', 'sulfur'],
  ['doughnut', 'donut'], ['artefact', 'artifact'], ['ageing', 'aging'], ['judgement', 'judgment'],
  ['instalment', 'installment'], ['skilful', 'skillful'], ['moustache', 'mustache'], ['yoghurt', 'yogurt'],
  ['aeroplane', 'airplane'], ['whisky', 'whiskey'],
];

/**
 * Words that ask for one answer: a limit said two ways ("under $300" / "less than $300", "after 10pm"
 * / "later than 22:00"), and a measure asked by its adjective or its noun ("how far" / "the
 * distance", "how often" / "how frequently", "how old" / "what age").
 */
// prettier-ignore
const SAME_ASK: readonly (readonly string[])[] = [
  ['under', 'below', 'beneath', 'less', 'fewer'], ['over', 'above', 'more'], ['after', 'later', 'past'],
  ['before', 'earlier', 'prior'], ['far', 'distance'], ['long', 'length', 'duration'], ['old', 'age'],
  ['often', 'frequently', 'frequency'], ['big', 'size'], ['tall', 'height', 'high', 'highest', 'tallest'],
  ['deep', 'depth'], ['heavy', 'weight'], ['fast', 'speed'], ['wide', 'width'], ['many', 'number'],
  ['much', 'amount'], ['cost', 'price'], ['money', 'cash', 'funds'], ['each', 'every'],
];

/**
 * Participles a stem does not join to their verb: "paid" / "pay", "chosen" / "choose", "bought" / "buy",
 * as a passive says them ("Was Wordle bought by the NYT?"). Not a past that is no participle ("came",
 * "took"), whose tense a question may turn on, nor one that is a word of its own as well ("left", "found",
 * "shot", "led", "felt").
 */
// prettier-ignore
const IRREGULAR_PAST: ReadonlyMap<string, string> = new Map(Object.entries({
  paid: 'pay', bought: 'buy', sold: 'sell', chosen: 'choose', taken: 'take', given: 'give', made: 'make',
  written: 'write', eaten: 'eat', driven: 'drive', stolen: 'steal', broken: 'break', spoken: 'speak',
  forgotten: 'forget', hidden: 'hide', frozen: 'freeze', bitten: 'bite', shaken: 'shake', known: 'know',
  seen: 'see', grown: 'grow', thrown: 'throw', drawn: 'draw', built: 'build', held: 'hold', told: 'tell',
  kept: 'keep', sent: 'send', taught: 'teach', caught: 'catch', brought: 'bring', won: 'win', lost: 'lose',
  fed: 'feed', worn: 'wear', torn: 'tear', ridden: 'ride', begun: 'begin', gotten: 'get', meant: 'mean',
  thought: 'think', fought: 'fight', lent: 'lend', heard: 'hear', said: 'say', woken: 'wake', flown: 'fly',
  sung: 'sing', understood: 'understand', stuck: 'stick', hung: 'hang', forgiven: 'forgive', spent: 'spend',
  sought: 'seek',
}));

/**
 * The verb of an irregular past form, or the word itself.
 * @example
 * verbOf('paid'); // 'pay'
 * verbOf('paint'); // 'paint'
 */
export function verbOf(word: string): string {
  return IRREGULAR_PAST.get(word) ?? word;
}

/** Plurals a stem does not join to their noun: "calves" / "calf". Not "leaves" or "lives", verbs as well. */
// prettier-ignore
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map(Object.entries({
  calves: 'calf', halves: 'half', knives: 'knife', shelves: 'shelf', wolves: 'wolf', loaves: 'loaf',
  thieves: 'thief', teeth: 'tooth', feet: 'foot', mice: 'mouse', geese: 'goose', hooves: 'hoof',
}));

/** Each word of a pair or group above, with the groups it belongs to ("chips" is crisps and fries). */
const GROUPS: ReadonlyMap<string, readonly number[]> = (() => {
  const groups = new Map<string, number[]>();
  [...REGIONAL, ...SAME_ASK].forEach((group, id) => {
    for (const word of group) groups.set(word, [...(groups.get(word) ?? []), id]);
  });
  return groups;
})();

/**
 * @example
 * sameWordForm('difference', 'differ');        // true
 * sameWordForm('crypto', 'cryptocurrency');    // true
 * sameWordForm('organ', 'organic');            // false
 */
export function sameWordForm(a: string, b: string): boolean {
  if (sameGroup(a, b)) return true;
  // Both in the plural: "wool jumpers" / "wool sweaters", "biscuits" / "cookies".
  if (a.length > 3 && b.length > 3 && a.endsWith('s') && b.endsWith('s') && sameGroup(singular(a), singular(b))) return true;
  if (clipped(a, b) || clipped(b, a)) return true;
  if (doerOfDoing(a, b) || doerOfDoing(b, a)) return true;
  // "ounces" / "oz", "hours" / "hrs": one unit.
  const unit = UNITS.get(a);
  if (unit !== undefined && unit === UNITS.get(b)) return true;
  if ((IRREGULAR_PAST.has(a) || IRREGULAR_PAST.has(b)) && stemOf(verbOf(a)) === stemOf(verbOf(b))) return true;
  if (IRREGULAR_PLURALS.get(a) === b || IRREGULAR_PLURALS.get(b) === a) return true;
  const rootA = root(a);
  const rootB = root(b);
  if (rootA !== undefined && rootA.base === stemOf(b)) return true;
  if (rootB !== undefined && rootB.base === stemOf(a)) return true;
  return (
    rootA !== undefined &&
    rootB !== undefined &&
    rootA.base === rootB.base &&
    SIBLINGS.has(rootA.suffix) &&
    SIBLINGS.has(rootB.suffix)
  );
}

/**
 * The one who does a thing and the doing of it: "a truffle hunter" / "truffle hunting", "a pressure washer"
 * / "pressure washing", "shoes for runners" / "for running". Four letters or more before "-ing", so "king" /
 * "ker" and "ring" / "rer" are no such pair.
 */
function doerOfDoing(doer: string, doing: string): boolean {
  if (!doing.endsWith('ing') || doing.length < 7) return false;
  const base = doing.slice(0, -3);
  return doer === `${base}er` || doer === `${base}ers`;
}

function sameGroup(a: string, b: string): boolean {
  const groupsOfA = GROUPS.get(a);
  return groupsOfA !== undefined && GROUPS.get(b)?.some((id) => groupsOfA.includes(id)) === true;
}

/**
 * "sweaters" / "sweater", "cookies" / "cookie", "nappies" / "nappy", "gases" / "gas"; a word the groups
 * hold as it is stays as it is.
 */
function singular(word: string): string {
  if (GROUPS.has(word)) return word;
  const bare = word.slice(0, -1);
  if (GROUPS.has(bare)) return bare;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  return word.endsWith('es') ? word.slice(0, -2) : bare;
}

function clipped(short: string, long: string): boolean {
  const full = CLIPPINGS.get(short);
  return full !== undefined && (full === long || stemOf(full) === stemOf(long));
}

interface Root {
  readonly base: string;
  readonly suffix: string;
}

/** Roots read so far: questions repeat the same few thousand words. Emptied when it holds too many. */
const ROOTS = new Map<string, Root | null>();
const MAX_ROOTS = 20_000;

function root(word: string): Root | undefined {
  let found = ROOTS.get(word);
  if (found === undefined) {
    if (ROOTS.size >= MAX_ROOTS) ROOTS.clear();
    found = derivedRoot(word) ?? null;
    ROOTS.set(word, found);
  }
  return found ?? undefined;
}

/** The word stripped of its derivational ending, stemmed as its base would be. */
function derivedRoot(word: string): Root | undefined {
  if (NOT_DERIVED.has(word)) return undefined;
  for (const [suffix, replacement] of DERIVATIONS) {
    if (!word.endsWith(suffix)) continue;
    const stripped = word.slice(0, -suffix.length);
    if (stripped.length < (suffix === 'ly' ? 4 : 5)) return undefined;
    return { base: stemOf(stripped + replacement), suffix };
  }
  return undefined;
}
