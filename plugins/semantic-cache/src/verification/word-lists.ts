/** The word lists the hit verification reads: built once at load, looked up per word. */

/** Words that refer to a person, by whom they point at: the asker, the one asked, or someone else. */
// prettier-ignore
export const PERSONS: ReadonlyMap<string, string> = new Map([
  ...['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves'].map((w) => [w, 'speaker'] as const),
  ...['you', 'your', 'yours', 'yourself', 'yourselves', 'u', 'ur'].map((w) => [w, 'addressee'] as const),
  ...['someone', 'somebody', 'anyone', 'anybody', 'he', 'him', 'his', 'himself', 'she', 'her', 'hers',
    'herself', 'others'].map((w) => [w, 'other'] as const),
  // Relatives and roles: "my son" and "my daughter" want different answers.
  ...[['son', 'son'], ['sons', 'son'], ['daughter', 'daughter'], ['daughters', 'daughter'], ['wife', 'wife'],
    ['husband', 'husband'], ['mother', 'mother'], ['mom', 'mother'], ['mum', 'mother'], ['father', 'father'],
    ['dad', 'father'], ['brother', 'brother'], ['sister', 'sister'], ['boyfriend', 'boyfriend'],
    ['girlfriend', 'girlfriend'], ['grandma', 'grandmother'], ['grandmother', 'grandmother'],
    ['grandpa', 'grandfather'], ['grandfather', 'grandfather'], ['uncle', 'uncle'], ['aunt', 'aunt'],
    ['employee', 'employee'], ['employer', 'employer'], ['boss', 'employer'], ['manager', 'employer'], ['landlord', 'landlord'], ['tenant', 'tenant'],
    ['parents', 'parent'], ['parent', 'parent'], ['dog', 'dog'], ['dogs', 'dog'], ['puppy', 'dog'], ['cat', 'cat'],
    ['cats', 'cat'], ['kitten', 'cat'], ['baby', 'child'], ['babies', 'child'], ['kid', 'child'], ['kids', 'child'],
    ['child', 'child'], ['children', 'child'], ['toddler', 'child'], ['friend', 'friend'], ['friends', 'friend'],
    ['spouse', 'spouse'], ['partner', 'spouse'], ['client', 'client'], ['clients', 'client'], ['pet', 'pet'],
    ['grandchildren', 'grandchild'], ['grandchild', 'grandchild'], ['teenager', 'child'], ['teen', 'child'],
    ['employees', 'employee'], ['employers', 'employer'], ['bosses', 'employer'], ['managers', 'employer'],
    ['landlords', 'landlord'], ['tenants', 'tenant'], ['wives', 'wife'], ['husbands', 'husband'], ['mothers', 'mother'],
    ['moms', 'mother'], ['mums', 'mother'], ['fathers', 'father'], ['dads', 'father'], ['brothers', 'brother'],
    ['sisters', 'sister'], ['uncles', 'uncle'], ['aunts', 'aunt'], ['grandparents', 'grandparent'],
    ['grandparent', 'grandparent'], ['spouses', 'spouse'], ['partners', 'spouse'], ['pets', 'pet'], ['kittens', 'cat'],
    ['puppies', 'dog'], ['toddlers', 'child'], ['teenagers', 'child'], ['teens', 'child']] as const,
]);

/** Question words that open a wh-question. */
export const WH_WORDS: ReadonlySet<string> = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how']);

/** Auxiliaries that open a yes/no question ("Did …", "Is …", "Can …"). */
// prettier-ignore
export const AUXILIARIES: ReadonlySet<string> = new Set([
  'do', 'does', 'did', 'is', 'are', 'was', 'were', 'am', 'can', 'could', 'should', 'would', 'will', 'shall',
  'may', 'might', 'must', 'has', 'have', 'had',
]);

/** Verbs after "can you …" that make a request of the question after them, not a yes/no question. */
// prettier-ignore
export const REQUEST_VERBS: ReadonlySet<string> = new Set([
  'tell', 'explain', 'show', 'help', 'give', 'recommend', 'suggest', 'know', 'list', 'describe', 'please',
]);

/**
 * Words that link two things in one direction: "from A to B", "convert X into Y", "does A cause B", one
 * thing after another ("eat grass and then vomit"), and one done while another is kept out ("cut my
 * grocery bill without cutting out meat" / "cut out meat without raising my grocery bill").
 */
// prettier-ignore
export const RELATIONS: ReadonlySet<string> = new Set([
  'to', 'into', 'onto', 'toward', 'towards', 'from', 'than', 'cause', 'causes', 'caused', 'causing', 'affect', 'affects',
  'against', 'beat', 'beats', 'over', 'then', 'without',
]);

/** Words that open a noun phrase and name no one: "the Romans", "my kids", "this car". */
// prettier-ignore
export const DETERMINERS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'my', 'your', 'our', 'their', 'his', 'her', 'its', 'this', 'that', 'these', 'those',
]);

/** Words that say nothing about what is asked, left out of the comparison of words. */
// prettier-ignore
export const FILLER: ReadonlySet<string> = new Set([
  'quick', 'question', 'thanks', 'thank', 'advance', 'hi', 'hello', 'hey', 'please', 'anyone', 'guys',
  'someone', 'somebody', 'im', 'ive', 'id', 'lot', 'much', 'many', 'also', 'best', 'good', 'some',
  'really', 'exactly', 'actually', 'basically', 'generally', 'usually', 'typically', 'normally', 'right',
  'now', 'currently', 'today', 'kind', 'sort', 'type', 'thing', 'things', 'stuff', 'etc', 'ask', 'asking',
  'know', 'tell', 'explain', 'show', 'way', 'ways', 'best', 'better', 'idea', 'make', 'makes', 'take', 'takes', 'use', 'uses',
  'using', 'used', 'let', 'us', 'say', 'come', 'cheers', 'everyone', 'everybody', 'already',
  // "the ideal ratio" asks for the best one; "do pitchers bat anymore" whether they still do.
  'ideal', 'anymore',
  // "from scratch" is "from nothing" (an idiom, not a negation).
  'scratch',
]);

/**
 * Opposites, as families of words that say one end of a scale: a pair where one question says one end
 * and the other the opposite end asks the opposite question.
 */
// prettier-ignore
const OPPOSITES: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['rich', 'richer', 'richest', 'wealthy', 'wealthier', 'wealthiest'], ['poor', 'poorer', 'poorest']],
  [['inside', 'indoor', 'indoors', 'interior'], ['outside', 'outdoor', 'outdoors', 'exterior']],
  [['increase', 'increases', 'increased', 'increasing', 'raise', 'raises', 'boost', 'boosts'], ['decrease', 'decreases', 'decreased', 'decreasing', 'lower', 'lowers', 'reduce', 'reduces']],
  [['best', 'better'], ['worst', 'worse']],
  [['before'], ['after']],
  [['cheap', 'cheaper', 'cheapest', 'inexpensive'], ['expensive', 'pricey', 'pricier', 'priciest']],
  [['hot', 'hotter', 'hottest', 'warm', 'warmer', 'warmest'], ['cold', 'colder', 'coldest', 'cool', 'cooler', 'coolest']],
  [['high', 'higher', 'highest'], ['low', 'lower', 'lowest']],
  [['max', 'maximum', 'most'], ['min', 'minimum', 'least', 'fewest']],
  [['more'], ['less', 'fewer']],
  [['big', 'bigger', 'biggest', 'large', 'larger', 'largest'], ['small', 'smaller', 'smallest', 'little', 'tiny']],
  [['long', 'longer', 'longest'], ['short', 'shorter', 'shortest']],
  [['fast', 'faster', 'fastest', 'quick', 'quicker', 'quickest'], ['slow', 'slower', 'slowest']],
  [['early', 'earlier', 'earliest'], ['late', 'later', 'latest']],
  [['heavy', 'heavier', 'heaviest'], ['light', 'lighter', 'lightest']],
  [['old', 'older', 'oldest'], ['new', 'newer', 'newest', 'young', 'younger', 'youngest']],
  [['pros', 'advantages', 'benefits', 'upsides'], ['cons', 'disadvantages', 'drawbacks', 'downsides', 'risks']],
  [['buy', 'buys', 'buying', 'bought', 'purchase', 'purchased'], ['sell', 'sells', 'selling', 'sold']],
  [['win', 'wins', 'winning', 'won', 'gain', 'gains'], ['lose', 'loses', 'losing', 'lost', 'loss']],
  [['add', 'adding', 'insert'], ['remove', 'removing', 'delete', 'deleting']],
  [['enable', 'enabling', 'turn on', 'activate'], ['disable', 'disabling', 'deactivate']],
  [['install', 'installing'], ['uninstall', 'uninstalling']],
  [['start', 'starting', 'begin', 'beginning'], ['stop', 'stopping', 'end', 'ending', 'finish']],
  [['first', '1st'], ['last']],
  [['all', 'whole', 'entire'], ['any', 'some']],
  [['import', 'importing'], ['export', 'exporting']],
  [['upload', 'uploading'], ['download', 'downloading']],
  [['lend', 'lending'], ['borrow', 'borrowing']],
  [['positive'], ['negative']],
  [['male', 'men', 'man', 'boy', 'boys'], ['female', 'women', 'woman', 'girl', 'girls']],
  [['north', 'northern'], ['south', 'southern']],
  [['east', 'eastern'], ['west', 'western']],
  [['up'], ['down']],
  [['open', 'opening'], ['close', 'closing']],
  [['push'], ['pull']],
  [['gain', 'gaining'], ['lose', 'losing']],
  [['safe', 'safest'], ['dangerous', 'unsafe']],
  [['easy', 'easier', 'easiest'], ['hard', 'harder', 'hardest', 'difficult']],
  [['legal'], ['illegal']],
  [['healthy', 'healthiest', 'healthier'], ['unhealthy']],
  [['strong', 'stronger', 'strongest'], ['weak', 'weaker', 'weakest']],
  [['happy', 'happier', 'happiest'], ['sad', 'sadder']],
  [['deep', 'deeper', 'deepest'], ['shallow']],
  [['wet'], ['dry']],
  [['day', 'daytime'], ['night', 'nighttime']],
  [['summer'], ['winter']],
  [['above'], ['below']],
  [['over'], ['under']],
  [['top'], ['bottom']],
  [['left'], ['right']],
  [['hire', 'hiring'], ['fire', 'firing']],
  [['overweight', 'obese', 'fat'], ['underweight', 'thin', 'skinny']],
  [['encrypt', 'encrypting'], ['decrypt', 'decrypting']],
  [['compress', 'compressing', 'zip'], ['decompress', 'decompressing', 'unzip']],
  [['true'], ['false']],
  [['success', 'successful'], ['failure', 'failed']],
  [['on'], ['off']],
  [['good', 'great'], ['bad', 'terrible']],
  [['much'], ['little']],
  [['tighten', 'tight'], ['loosen', 'loose']],
  [['mutable'], ['immutable']],
  [['accelerate', 'speed'], ['decelerate', 'slow']],
  [['wet', 'moist'], ['dry']],
  [['front'], ['back']],
  [['jointly', 'together'], ['separately', 'apart']],
  [['permanently', 'permanent'], ['temporarily', 'temporary']],
  [['visible'], ['invisible', 'hidden']],
  [['include', 'including'], ['exclude', 'excluding']],
  [['thick', 'thicker', 'thickest'], ['thin', 'thinner', 'thinnest']],
  [['sleepy', 'asleep', 'drowsy'], ['awake']],
  [['soft', 'softer', 'softest'], ['hard', 'harder', 'hardest', 'firm', 'firmer']],
  [['loud', 'louder', 'loudest', 'noisy'], ['quiet', 'quieter', 'quietest', 'silent']],
  [['public'], ['private']],
  [['follow', 'following'], ['unfollow', 'unfollowing']],
  [['uppercase', 'upper'], ['lowercase']],
  [['maximize', 'maximise'], ['minimize', 'minimise']],
  [['ahead'], ['behind']],
  [['valid'], ['invalid', 'void']],
  [['wide', 'wider', 'widest'], ['narrow', 'narrower', 'narrowest']],
  [['sweet', 'sweeter'], ['sour', 'bitter']],
  [['float', 'floats', 'floating'], ['sink', 'sinks', 'sinking']],
  [['humid', 'damp'], ['dry']],
  [['tough', 'tougher'], ['tender', 'mushy']],
  // Actions that undo each other, and the direction of a change however it is said ("raise the limit" /
  // "show me fewer").
  [['convict', 'convicted', 'conviction'], ['acquit', 'acquits', 'acquitted', 'acquittal']],
  [['start', 'starting', 'begin', 'join', 'joining', 'sign up', 'subscribe', 'enroll', 'enrol'], ['cancel', 'cancelling', 'canceling', 'quit', 'quitting', 'unsubscribe', 'withdraw']],
  [['upgrade', 'upgrading'], ['downgrade', 'downgrading']],
  [['add', 'adding'], ['drop', 'dropping']],
  [['onto', 'on'], ['off']],
  [['increase', 'increased', 'increasing', 'raise', 'raising', 'boost', 'more', 'higher', 'bigger', 'upgrade'], ['decrease', 'decreased', 'decreasing', 'lower', 'lowering', 'reduce', 'reducing', 'fewer', 'less', 'smaller', 'downgrade']],
];

/** Each word of a family: its family's index, and which end (0 or 1). */
export const OPPOSITE_ENDS: ReadonlyMap<string, readonly [number, 0 | 1][]> = (() => {
  const ends = new Map<string, [number, 0 | 1][]>();
  OPPOSITES.forEach(([one, other], family) => {
    for (const [words, end] of [
      [one, 0],
      [other, 1],
    ] as const)
      for (const word of words) ends.set(word, [...(ends.get(word) ?? []), [family, end]]);
  });
  return ends;
})();

/** Words whose final s is no plural: "news" is not "new", "series" not "sery". */
// prettier-ignore
export const NOT_PLURAL: ReadonlySet<string> = new Set([
  'news', 'series', 'species', 'means', 'physics', 'mathematics', 'politics', 'economics', 'glasses',
  'goods', 'clothes', 'savings', 'arms', 'customs', 'works', 'manners', 'ethics', 'graphics', 'lyrics', 'https',
]);

/**
 * Units and currencies, each spelling to one canonical unit: "5 km" is "five kilometres", "$2K" is "2000 dollars".
 */
// prettier-ignore
export const UNITS: ReadonlyMap<string, string> = new Map([
  ...[['km', 'km'], ['kms', 'km'], ['kilometer', 'km'], ['kilometers', 'km'], ['kilometre', 'km'], ['kilometres', 'km'],
    ['mi', 'mile'], ['mile', 'mile'], ['miles', 'mile'], ['m', 'm'], ['meter', 'm'], ['meters', 'm'], ['metre', 'm'],
    ['metres', 'm'], ['cm', 'cm'], ['centimeter', 'cm'], ['centimeters', 'cm'], ['centimetre', 'cm'], ['centimetres', 'cm'],
    ['mm', 'mm'], ['millimeter', 'mm'], ['millimeters', 'mm'], ['millimetre', 'mm'], ['millimetres', 'mm'],
    ['ft', 'ft'], ['foot', 'ft'], ['feet', 'ft'], ['in', 'inch'], ['inch', 'inch'], ['inches', 'inch'],
    ['kg', 'kg'], ['kgs', 'kg'], ['kilo', 'kg'], ['kilos', 'kg'], ['kilogram', 'kg'], ['kilograms', 'kg'],
    ['g', 'g'], ['gram', 'g'], ['grams', 'g'], ['lb', 'pound'], ['lbs', 'pound'], ['pound', 'pound'], ['pounds', 'pound'],
    ['oz', 'oz'], ['ounce', 'oz'], ['ounces', 'oz'], ['l', 'l'], ['liter', 'l'], ['liters', 'l'], ['litre', 'l'],
    ['litres', 'l'], ['ml', 'ml'], ['milliliter', 'ml'], ['milliliters', 'ml'], ['millilitre', 'ml'], ['millilitres', 'ml'],
    ['gallon', 'gal'], ['gallons', 'gal'], ['gal', 'gal'], ['c', 'celsius'], ['celsius', 'celsius'], ['centigrade', 'celsius'],
    ['f', 'fahrenheit'], ['fahrenheit', 'fahrenheit'], ['mph', 'mph'], ['kph', 'kmh'], ['kmh', 'kmh'],
    ['dollar', 'usd'], ['dollars', 'usd'], ['usd', 'usd'], ['bucks', 'usd'], ['euro', 'eur'], ['euros', 'eur'],
    ['eur', 'eur'], ['gbp', 'pound'], ['quid', 'pound'], ['yen', 'jpy'], ['jpy', 'jpy'], ['rupees', 'inr'], ['rupee', 'inr'],
    ['inr', 'inr'], ['percent', 'percent'], ['gb', 'gb'], ['gigabyte', 'gb'], ['gigabytes', 'gb'], ['mb', 'mb'],
    ['megabyte', 'mb'], ['megabytes', 'mb'], ['tb', 'tb'], ['terabyte', 'tb'], ['terabytes', 'tb'],
    ['hour', 'hour'], ['hours', 'hour'], ['hr', 'hour'], ['hrs', 'hour'], ['minute', 'minute'], ['minutes', 'minute'],
    ['mins', 'minute'], ['second', 'second'], ['seconds', 'second'], ['secs', 'second'], ['day', 'day'], ['days', 'day'],
    ['week', 'week'], ['weeks', 'week'], ['month', 'month'], ['months', 'month'], ['year', 'year'], ['years', 'year'],
    ['yr', 'year'], ['min', 'minute'], ['gigs', 'gb'], ['gig', 'gb'], ['yrs', 'year'], ['calories', 'kcal'], ['kcal', 'kcal'], ['mg', 'mg'], ['milligrams', 'mg'],
    ['decade', 'decade'], ['decades', 'decade'], ['watt', 'w'], ['watts', 'w'], ['kw', 'kw'], ['kilowatt', 'kw'],
    ['kilowatts', 'kw'], ['wh', 'wh'], ['kwh', 'kwh'], ['kbps', 'kbps'], ['mbps', 'mbps'], ['gbps', 'gbps'],
    ['fortnight', 'fortnight'], ['fortnights', 'fortnight']] as const,
]);

/** The canonical units that are money. */
export const CURRENCIES: ReadonlySet<string> = new Set(['usd', 'eur', 'pound', 'jpy', 'inr']);

/** Currency signs in the raw text, read as the unit word after the amount. */
export const CURRENCY_SIGNS: ReadonlyMap<string, string> = new Map([
  ['$', 'usd'],
  ['€', 'eur'],
  ['£', 'pound'],
  ['¥', 'jpy'],
  ['₹', 'inr'],
]);

/** Letters after digits that scale them: "2k", "1.5m", "3bn". */
export const SCALE_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['k', 1e3],
  ['m', 1e6],
  ['mm', 1e6],
  ['b', 1e9],
  ['bn', 1e9],
]);

/** Ordinals the tokens leave as words ("nineteenth"): the first fifteen already read as "1st" … "15th". */
// prettier-ignore
export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map(Object.entries({
  sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20, thirtieth: 30,
  fortieth: 40, fiftieth: 50, sixtieth: 60, seventieth: 70, eightieth: 80, ninetieth: 90, hundredth: 100,
}));
