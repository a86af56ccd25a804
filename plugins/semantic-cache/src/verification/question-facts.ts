/**
 * What the hit verification compares between two questions, read once from each. Built on the same
 * tokens as the local embedder, so "three" and "3", "can't" and "can not", "+" and "plus" agree.
 */
import { lexicalTokens } from '../embeddings/lexical-tokens.js';
import { calendarWord } from './calendar-words.js';
import { inNegationIdiom } from './negation-idioms.js';
import { questionForm, type QuestionForm, type QuestionOutlook, type QuestionTense } from './question-form.js';
import { contentWords, foreignLetters, isCarrier, namedThings, NEGATIONS, people, type ContentWord } from './question-words.js';
import { quantities, withNumbersUnhyphenated, withTimesOfDay, withVulgarFractions, type Measured } from './quantities.js';
import { carriers, CLAUSE_MARK } from './carriers.js';
import { relations, type Relation } from './relations.js';
import { OPPOSITE_ENDS } from './word-lists.js';
import { actingOf, nounParty, partiesOf, type Acting } from './actors.js';
import { deedsOf, type Deed } from './deeds.js';
import { possessionsOf, type Possession } from './owners.js';
import { modalityOf, type Modality } from './modality.js';
import { quotedText } from './quoted-text.js';
import { doingsOf, type Doing } from './wh-roles.js';
import { countedThings } from './quantifier-moves.js';
import { conditionOf, type Condition } from './conditions.js';
import { passivesOf, type Passive } from './voice.js';

export interface QuestionFacts {
  /** Values in reading order, as text; ordinals count as their value ("4th" is 4), times of day as "t1500". */
  readonly numbers: readonly string[];
  /** Canonical units written with the numbers ("usd", "mm"), each the smallest of its kind. */
  readonly units: readonly string[];
  /** The numbers and units in the units as written ("2 hours" is 2 hours, not 120 minutes). */
  readonly asWritten: Measured;
  /** Each count or quantifier with the things it counts: "multiple EBS volumes" (quantifier-moves.ts). */
  readonly counts: ReadonlyMap<string, ReadonlySet<string>>;
  /** Its "if" clause and the rest, as content stems (conditions.ts). */
  readonly condition: Condition | undefined;
  /** Arithmetic: an operator, or a power ("3 to the power of 2"), where the order of the numbers counts. */
  readonly arithmetic: boolean;
  /** Arithmetic operators in reading order, as `+ - × ÷ ^`. */
  readonly operators: readonly string[];
  /** How many negation words ("not", "no", "never", "without" ...), idioms such as "in no time" left out (negation-idioms.ts). */
  readonly negations: number;
  /** Months, weekdays and relative days ("tomorrow", "last month") in reading order. */
  readonly dates: readonly string[];
  /** The class of the first question word: who, when, where, why, how, how-much; undefined for what, which or none. */
  readonly asks: string | undefined;
  /** "how did …", "how come …": a how that may ask for causes. */
  readonly howCause: boolean;
  /** A yes/no question or a wh-question; undefined when neither opens a clause. */
  readonly form: QuestionForm | undefined;
  /** The tense of a yes/no question's opening auxiliary: "Was Pluto a planet?" asks of the past (question-form.ts). */
  readonly tense: QuestionTense | undefined;
  /** Whether it asks what has come about or what will (question-form.ts). */
  readonly outlook: QuestionOutlook | undefined;
  /** Whether it asks if one may, must or should (modality.ts); undefined when it asks none of these. */
  readonly modality: Modality | undefined;
  /** How many questions it asks. */
  readonly asked: number;
  /** What "how many" / "how much" counts: up to two words after it, none when a verb follows. */
  readonly counted: readonly string[];
  /** The people it is about, by class. */
  readonly people: ReadonlySet<string>;
  /** Content words in reading order. */
  readonly words: readonly ContentWord[];
  /** Its tokens, as the local embedder reads them. */
  readonly tokens: readonly string[];
  /** Stems of its named things. */
  readonly named: ReadonlySet<string>;
  /** Directed relations and the words on each side. */
  readonly relations: readonly Relation[];
  /** Stems that carry the question, in reading order, clauses apart. */
  readonly carriers: readonly string[];
  /** The party that acts, right after the opening auxiliary ("can my landlord …"; actors.ts). */
  readonly actor: string | undefined;
  /** The word right after the actor: "charge" of "can my landlord charge …". */
  readonly actorVerb: string | undefined;
  /** Every party it names: people, pets, firms and the roles of a transaction. */
  readonly parties: ReadonlySet<string>;
  /** What each party does: "my parents gave" (deeds.ts). */
  readonly deeds: readonly Deed[];
  /** Whose each thing is: "my mom's phone" (owners.ts). */
  readonly possessions: readonly Possession[];
  /** Who may act in it, when it is a wh-question with do-support: "did Stephen King influence" (wh-roles.ts). */
  readonly doings: readonly Doing[];
  /** Its passives, read once for the rules that compare voices (voice.ts). */
  readonly passives: readonly Passive[];
  /** Opposite ends it names: "family:end". */
  readonly ends: ReadonlySet<string>;
  /** What the asker says they are, in a clause of its own: "vegan" of "I'm vegan, how do I …". */
  readonly selfStated: readonly string[];
  /** The extremes it asks for: "the fastest", "the longest". */
  readonly superlatives: readonly string[];
  /** Letters of scripts other than Latin, sorted. */
  readonly foreign: string;
  /** Its quoted spans, as tokens, sorted: a phrase to translate, a word to define (quoted-text.ts). */
  readonly quoted: readonly string[];
  /**
   * A document pasted into the question ({@link LONG_TEXT_WORDS}, {@link LONG_TEXT_TOKENS}): only its
   * tokens and words are read, and it is compared token for token.
   */
  readonly document: boolean;
}

/** Before one end of a scale, the other: "less expensive" is "cheaper", "least expensive" "cheapest". */
const LESS: ReadonlySet<string> = new Set(['less', 'least']);

/** Operator words after a number or variable: "7 times 8", not "how many times". */
const OPERATOR_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    plus: '+',
    minus: '-',
    times: '×',
    multiplied: '×',
    divided: '÷',
    power: '^',
  }),
);

const US = /\bUS\b|\bUnited States(?: of America)?\b|\bUnited Kingdom\b|\bGreat Britain\b/g;
const COUNTRY: Readonly<Record<string, string>> = { US: 'USA', 'United Kingdom': 'UK', 'Great Britain': 'UK' };
/** "the us" typed in lower case is the country too: no pronoun follows "the". Fixed words, so linear. */
const THE_US = /\bthe us\b/gi;
/** "U.K.", "U.S.S.R.": an acronym with its dots, read as "UK", "USSR". Each repeat is a letter and a dot, so linear. */
const DOTTED = /\b(?:[A-Za-z]\.){2,}/g;
/** Clause breaks: a comma, full stop or colon not inside a number ("1,000", "1.5", "15:00"). Linear. */
const CLAUSE_BREAK = /[;?!\n]+|[,.:](?!\d)/;
const OPERAND = /\d|^\p{L}$/u;

/** "w/o" and "w/" spelled out, so the slash is no division and "without" a negation on both sides. */
function withShorthand(text: string): string {
  const withs =
    text.includes('w/') || text.includes('W/')
      ? text.replace(W_SLASH, (_, before: string, o: string | undefined) => `${before}with${o ? 'out' : ''}`)
      : text;
  return withs.includes('/') ? withs.replace(PER_SLASH, (_, before: string, per: string) => `${before} per ${per}`) : withs;
}

/**
 * "€1000/month", "£0.30/kWh": a rate, as "per month" is, not a quantity of months. One character before the
 * slash and a word from a short list after it, so linear.
 */
const PER_SLASH = /([\p{L}\p{N}])\/(hr|hour|day|week|wk|month|mo|year|yr|night|person|kwh|kg|lb|km|mile|unit)\b/giu;

/** "w/o" or "w/" as a word of its own: one character class before and an optional letter, so linear. */
const W_SLASH = /(^|[\s(])w\/(o)?(?![\p{L}\p{N}])/giu;

/** "US", "United States", "the us" as "USA", "United Kingdom" and "Great Britain" as "UK". */
function countriesSpelledOut(text: string): string {
  const named = /US|United|Great/.test(text) ? text.replace(US, (name) => COUNTRY[name] ?? 'USA') : text;
  return /the us\b/i.test(named) ? named.replace(THE_US, (phrase) => `${phrase.slice(0, 3)} USA`) : named;
}

/**
 * Who acts in the question proper, and the word after: "If my dog is anxious, should I crate him?" asks
 * what the asker should do, as "Should I crate my dog if he is anxious?" does. An "if" clause names the
 * actor only when the rest names none ("If my brother cosigns my loan, what happens?"). One pass over the
 * clauses, so a text of many clauses costs no more than its length.
 */
function actingOfQuestion(clauses: readonly (readonly string[])[]): Acting | undefined {
  // "he", "she" or "they" opening a clause stands for the first party a noun named in the clauses before it.
  let antecedent: string | undefined;
  const readings = clauses.map((clause) => {
    const acting = actingOf(clause, antecedent);
    antecedent ??= clause.map(nounParty).find((p) => p !== undefined);
    return acting;
  });
  const acts = (acting: Acting | undefined) => acting?.actor !== undefined;
  return readings.find((acting, k) => clauses[k]![0] !== 'if' && acts(acting)) ?? readings.find(acts);
}

/**
 * @example
 * questionFacts("What's 2 + 3 without tax?");
 * // { numbers: ['2', '3'], operators: ['+'], negations: 1, dates: [], asks: undefined, form: 'wh', … }
 */
export function questionFacts(text: string): QuestionFacts {
  // "the US" is a country, not "us": spelled out before the tokens fold its case.
  const undotted = text.includes('.') ? text.replace(DOTTED, (acronym) => acronym.replace(/\./g, '')) : text;
  const timed = withNumbersUnhyphenated(withTimesOfDay(withVulgarFractions(countriesSpelledOut(withShorthand(undotted)))));
  // Most questions are one clause with a mark at the end: one pass of the tokenizer.
  const parts = timed.split(CLAUSE_BREAK).filter((part) => part.trim() !== '');
  const clauses = parts.length <= 1 ? [lexicalTokens(timed)] : parts.map(lexicalTokens);
  const tokens = clauses.length === 1 ? clauses[0]! : clauses.flat();
  const words = contentWords(tokens);
  if (words.length > LONG_TEXT_WORDS || tokens.length > LONG_TEXT_TOKENS) return documentFacts(tokens, words);
  const operators: string[] = [];
  const dates: string[] = [];
  const ends = new Set<string>();
  const superlatives: string[] = [];
  let negations = 0;
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    const operator = OPERATOR_WORDS.get(token);
    if (operator !== undefined && previous !== undefined && OPERAND.test(previous)) operators.push(operator);
    if (NEGATIONS.has(token) && !inNegationIdiom(tokens, i)) negations += 1;
    const date = calendarWord(token, previous);
    if (date !== undefined) dates.push(date);
    for (const [family, end] of OPPOSITE_ENDS.get(token) ?? []) ends.add(`${family}:${LESS.has(previous ?? '') ? 1 - end : end}`);
    if (isSuperlative(token, previous)) superlatives.push(token);
  });
  const named = namedThings(timed);
  const passives = passivesOf(tokens);
  const acting = actingOfQuestion(clauses);
  const { numbers, units, asWritten } = quantities(tokens, text, named);
  return {
    numbers,
    units,
    asWritten,
    counts: countedThings(tokens, words),
    condition: conditionOf(clauses),
    arithmetic: operators.length > 0 || tokens.includes('power'),
    operators,
    negations,
    dates,
    ...questionForm(clauses),
    modality: modalityOf(tokens),
    people: people(tokens),
    words,
    tokens,
    named,
    relations: relations(tokens, named),
    actor: acting?.actor,
    actorVerb: acting?.verb,
    parties: partiesOf(tokens),
    deeds: deedsOf(tokens),
    possessions: possessionsOf(text),
    doings: doingsOf(tokens, passives),
    passives,
    carriers:
      clauses.length === 1
        ? carriers(tokens, named)
        : clauses.flatMap((clause, i) => (i === 0 ? carriers(clause, named) : [CLAUSE_MARK, ...carriers(clause, named)])),
    ends,
    selfStated: clauses.length === 1 ? [] : clauses.flatMap(selfStated),
    superlatives,
    foreign: foreignLetters(text),
    quoted: quotedText(text),
    document: false,
  };
}

/**
 * Content words beyond which a text is compared token for token instead of rule by rule (verify-pair.ts).
 * The rules compare word lists pairwise, which grows with the square of the length: two near-identical
 * 200 KB prompts held the event loop for seconds. A text that long is a document pasted into the question,
 * so only what that comparison needs is read of it: its tokens and its words, not the facts the rules
 * compare, whose reading a crafted document can make slow ("x is paid by y …", "my x's y …").
 */
export const LONG_TEXT_WORDS = 512;
/** Tokens beyond which a text is a document whatever its words: numbers, names and small words count too. */
export const LONG_TEXT_TOKENS = 2048;

const NO_STRINGS: readonly string[] = Object.freeze([]);
const NO_SET: ReadonlySet<string> = new Set();
const NO_COUNTS: ReadonlyMap<string, ReadonlySet<string>> = new Map();

/** The facts of a document: its tokens and words, every other fact empty. */
function documentFacts(tokens: readonly string[], words: readonly ContentWord[]): QuestionFacts {
  return {
    numbers: NO_STRINGS,
    units: NO_STRINGS,
    asWritten: { numbers: NO_STRINGS, units: NO_STRINGS },
    counts: NO_COUNTS,
    condition: undefined,
    arithmetic: false,
    operators: NO_STRINGS,
    negations: 0,
    dates: NO_STRINGS,
    asks: undefined,
    howCause: false,
    form: undefined,
    tense: undefined,
    outlook: undefined,
    modality: undefined,
    asked: 1,
    counted: NO_STRINGS,
    people: NO_SET,
    words,
    tokens,
    named: NO_SET,
    relations: [],
    actor: undefined,
    actorVerb: undefined,
    parties: NO_SET,
    deeds: [],
    possessions: [],
    doings: [],
    passives: [],
    carriers: NO_STRINGS,
    ends: NO_SET,
    selfStated: NO_STRINGS,
    superlatives: NO_STRINGS,
    foreign: '',
    quoted: NO_STRINGS,
    document: true,
  };
}

/** "I'm vegan", "I am a student": a clause that says what the asker is; not "I'm tired of …". */
function selfStated(clause: readonly string[]): string[] {
  const word = clause[clause.length - 1]!;
  const article = clause.length === 4 && (clause[2] === 'a' || clause[2] === 'an');
  if ((clause.length !== 3 && !article) || clause[0] !== 'i' || clause[1] !== 'am') return [];
  return isCarrier(word) && !/\d/.test(word) ? [word] : [];
}

/** "the fastest", "the longest": an -est word after "the" ("the best" is left to the antonyms). */
function isSuperlative(token: string, previous: string | undefined): boolean {
  return previous === 'the' && token.length > 4 && token.endsWith('est') && !NOT_SUPERLATIVE.has(token);
}

// prettier-ignore
const NOT_SUPERLATIVE: ReadonlySet<string> = new Set([
  'interest', 'forest', 'request', 'guest', 'chest', 'protest', 'contest', 'harvest', 'midwest', 'northwest',
  'southwest', 'everest', 'conquest', 'priest', 'arrest', 'manifest', 'pinterest', 'budapest', 'bucharest',
]);
