/**
 * The semantic cache's hit decision (similarity at or above the threshold, then the hit verification) on
 * the labelled question set in test/fixtures/semantic-quality, for the built-in lexical embedder and for
 * Universal Sentence Encoder lite (from committed vectors, use-lite-vectors.ts). Prints precision and
 * recall per threshold and per kind on both halves, and fails when the measure half falls below the
 * floors: today's measured values less 0.01, and never below a target that is met.
 */
import assert from 'node:assert/strict';
import {
  LOCAL_CLOSE_WORDING_HITS,
  LOCAL_RESTATED_HITS,
  LOCAL_RESTATED_THRESHOLD_DEFAULT,
  LOCAL_THRESHOLD_DEFAULT,
  LOCAL_VERIFY_RULES,
  LocalEmbedder,
  NEURAL_CLOSE_WORDING_HITS,
  NEURAL_RESTATED_HITS,
  NEURAL_RESTATED_THRESHOLD_DEFAULT,
  NEURAL_THRESHOLD_DEFAULT,
  NEURAL_VERIFY_RULES,
  verifyPair,
  type Embedder,
  type VerificationReason,
} from '@sluice/plugin-semantic-cache';
import { cosine, quality, scorePairs } from './hit-quality.js';
import {
  describeThreshold,
  kindScores,
  kindTable,
  sweepTable,
  thresholdForPrecision,
  type ScoredQuestion,
} from './quality-tables.js';
import { loadQuestionSet, sentencesOf, type QuestionPair } from './question-set.js';
import { loadUseLite } from './use-lite-model.js';
import { readUseLiteVectors, REGENERATE_COMMAND, sentenceKey, StoredVectorEmbedder } from './use-lite-vectors.js';

interface EmbedderUnderTest {
  readonly name: string;
  readonly embedder: () => Embedder;
  readonly threshold: number;
  /** `semantic_verify_rules`' default with this embedder. */
  readonly rules: readonly VerificationReason[];
  /** `semantic_restated_hits`' default with this embedder. */
  readonly restatedHits: boolean;
  /** `semantic_close_wording_hits`' default with this embedder. */
  readonly closeWordingHits: boolean;
  /** `semantic_restated_threshold`'s default with this embedder. */
  readonly restatedThreshold: number;
  /**
   * Today's precision and recall on the measure half at `threshold`, less 0.01 and rounded down: below is
   * a regression. A change that raises them raises the floors with it.
   */
  readonly floor: { readonly precision: number; readonly recall: number };
  /** The targets on the measure half (issue 19). */
  readonly target: { readonly precision: number; readonly recall: number };
}

const EMBEDDERS: readonly EmbedderUnderTest[] = [
  {
    name: 'lexical (local)',
    embedder: () => new LocalEmbedder(),
    // `semantic_similarity_threshold`'s default with the built-in embedder.
    threshold: LOCAL_THRESHOLD_DEFAULT,
    rules: LOCAL_VERIFY_RULES,
    restatedHits: LOCAL_RESTATED_HITS,
    closeWordingHits: LOCAL_CLOSE_WORDING_HITS,
    restatedThreshold: LOCAL_RESTATED_THRESHOLD_DEFAULT,
    // Measured: precision 0.9475 (578 of 610 hits), recall 0.2957 (578 of 1,955 paraphrases) with the eighteenth
    // round of 300 pairs and the rules read from its tune half; 0.9471 (573 of 605) and 0.2931 with that round before
    // them (none of its 34 different pairs of the measure half let through, 32 of its 114 duplicates found, all of
    // them contractions and spellings). Before it:
    // precision 0.9442 (541 of 573 hits), recall 0.2939 (541 of 1,841 paraphrases) with the seventeenth
    // round of 299 pairs and the rules read from its tune half; 0.9402 (535 of 569) and 0.2906 with that round before
    // them (1 of its 85 different pairs of the measure half let through). Before it:
    // precision 0.9404 (521 of 554 hits), recall 0.2934 (521 of 1,776 paraphrases) with the fifteenth and
    // sixteenth rounds of 200 pairs each and the rules read from their tune halves; 0.9444 and 0.2938 with the
    // fifteenth alone, scored before any rule was read from it (4 of its 50 different pairs of the measure half let
    // through), and 0.9404 and 0.2934 with the sixteenth too (4 of its 60). Before them: 0.9505 (499 of 525 hits),
    // recall 0.2960 (499 of 1,686 paraphrases), unchanged by words that stand for each other ("delete" / "remove",
    // synonyms.ts), with the fourteenth
    // round of 400 pairs and the rules read from its tune half; 0.9429 and 0.2936 with that round before them
    // (its 109 duplicates of the measure half are mostly patients' questions in other words, and 12 are found);
    // 0.9550 and 0.3094 on the 8,266 pairs before it, with those rules. Before them:
    // precision 0.9489 (483 of 509 hits), recall 0.3063 (483 of 1,577 paraphrases) with the thirteenth
    // round of 400 pairs and the rules read from its tune half; 0.9453 and 0.3063 with that round before them;
    // 0.9474 (468 of 494) and 0.3133 with the twelfth round and the rules read from the tune half since;
    // 0.9489 (464 of 489 hits), recall 0.3106 (464 of 1,494 paraphrases) with the twelfth
    // round of 400 pairs, scored before any rule was read from it (its 72 duplicates of the measure half are
    // said in other words, and 5 are found); 0.9483 (459 of 484) and 0.3228 with the eleventh round once the
    // rules read from its tune half came, 0.9480 and 0.3207 before them; 0.9467 (426 of 450 hits), recall
    // 0.3186 (426 of 1,337 paraphrases), the same wording
    // answering from 0.50, once the rules read from the tenth round's tune half came; 0.9404 (426 of 453) with
    // the tenth round of 200 near-wording and 100 direction pairs, scored before any
    // rule was read from it; 0.9579 (387 of 404) and 0.3031 with the ninth round of 300 direction and reorder pairs (the rules read from its
    // tune half changed no hit of the measure half); 0.9571 (357 of 373) and 0.2958 before it, with the rules read from the eighth round's tune
    // half; 0.9416 (355 of 377) and 0.2941 before those; 0.9594 (331 of 345) and 0.2898 before the eighth round of 300 direction, near-wording
    // and reorder pairs, scored before any rule was read from it; 0.9677 and 0.2747 before the seventh round of 200 reorder pairs, whose same words in
    // another order it reads as restated. The wrong hits of the near-wording kind (README there) take it below
    // the target: on the 5,176 pairs before that kind, 0.9897 and 0.2038 (118 hits before restated questions
    // answered below the threshold, 117 before the same wording). With the verification of before issue 19
    // (numbers, operators, negation, dates, question word), on those pairs: 0.8731, 0.1235.
    floor: { precision: 0.937, recall: 0.285 },
    // "Recall not below today's": the 0.1235 measured with the verification of before issue 19.
    target: { precision: 0.98, recall: 0.123 },
  },
  {
    name: 'USE-lite',
    embedder: () => new StoredVectorEmbedder(readUseLiteVectors()),
    // The default with a neural embedder (`openai_compatible`), which USE-lite stands for.
    threshold: NEURAL_THRESHOLD_DEFAULT,
    rules: NEURAL_VERIFY_RULES,
    restatedHits: NEURAL_RESTATED_HITS,
    closeWordingHits: NEURAL_CLOSE_WORDING_HITS,
    restatedThreshold: NEURAL_RESTATED_THRESHOLD_DEFAULT,
    // Measured at 0.95 with every rule, hits down to 0.50 by the same wording and down to 0.75 by restated
    // questions and close wording: precision 0.9166 (71 wrong hits in 851), recall 0.3990 (780 of 1,955) with the
    // eighteenth round of 300 pairs and the rules read from its tune half, 2 paraphrases short of the recall target;
    // 0.9157 (71 in 842) and 0.3944 (771) with that round before them (none of its 34 different pairs of the measure
    // half let through; 32 of its 114 duplicates found, none of its 40 number formats, most said in other words as
    // well, which USE-lite scores 0.60-0.90). Before it:
    // precision 0.9123 (71 wrong hits in 810), recall 0.4014 (739 of 1,841) with the
    // seventeenth round of 299 pairs and the rules read from its tune half; 0.9103 (72 in 803) and 0.3971 (731) with
    // that round before them (5 of its 85 different pairs of the measure half let through; 20 of its 65 duplicates found,
    // most of the rest said in other words). Before it:
    // precision 0.9139 (67 wrong hits in 778), recall 0.4003 (711 of 1,776) with the
    // fifteenth and sixteenth rounds and the rules read from their tune halves; 0.9196 (61 in 759) and 0.4021
    // with the fifteenth alone, scored before any rule was read from it (4 of its 50 different pairs of the measure
    // half let through), 0.9139 and 0.4003 with the sixteenth too (6 of its 60). Before them: precision 0.9228 (57
    // wrong hits in 738), recall 0.4039 (681 of 1,686), once
    // words that stand for each other ("delete" / "remove") came and restated hits answered from 0.75 with a
    // neural embedder (threshold-default.ts); before them, from 0.80: precision 0.9236 (55 wrong hits in 720),
    // recall 0.3944 (665 of 1,686) with the fourteenth round and the rules read from its tune half; 0.9188 (58 in 714) and 0.3891 with that round
    // before them (19 of its 109 duplicates of the measure half found, most said in other words, which takes
    // recall below its target); 0.9309 (48 in 695) and 0.4103 on the 8,266 pairs before it, with those rules.
    // Before them: precision 0.9272 (50 wrong hits in 687), recall 0.4039 (637 of 1,577) with
    // the thirteenth round and the rules read from its tune half; 0.9245 (52 in 689) and 0.4039 with that round
    // before them (parties trading roles in other words: 5 of its 112 different pairs of the measure half let
    // through); 0.9287 (47 in 659) and 0.4096 with the twelfth round and the rules read since; 0.9281 (47 wrong
    // hits in 654), recall 0.4063 (607 of 1,494) with
    // the twelfth round, scored before any rule was read from it (6 of its 72 duplicates of the measure half
    // found, 2 of its 126 different pairs let through); 0.9303 (45 in 646) and 0.4226 with the eleventh round
    // once the rules read from its tune half came, 0.9267 and 0.4177 before them; 0.9240 (46 wrong hits in
    // 605: 17 near-wording, 14 direction, 12 reorder), recall 0.4181 (559 of 1,337), once the rules read from the tenth round's tune half came; 0.9194
    // (49 in 608) with the tenth round of 200 near-wording and 100 direction pairs,
    // scored before any rule was read from it; 0.9286 (40 in 560) and 0.4072 before it, once the rules read
    // from the ninth round's tune half came;
    // 0.9269 (41 in 561) with that round of 300 direction and reorder pairs, scored before any rule was read
    // from it; 0.9347 (33 in 505) and 0.3911 before it, with the rules read from the
    // eighth round's tune half; 0.9198 (41 in 511) and 0.3894 once the eighth round came, before those; before it 0.9374 (29 wrong hits in 463: 13 near-wording, 7 reorder, 6 direction),
    // recall 0.3800 (434 of 1,142); 0.9330 before the readings taken from the seventh round's tune
    // half ("then", a modal for "do"), 0.9426 and 0.3608 before that round. Before restated hits were on with
    // a neural embedder: 0.9437 (18 in 320) and 0.2766; 0.9408 before the fixes read from the tune half's last
    // wrong hits (semantic-cache.md, "The tune half's leftovers"), 0.9466 and 0.2628 before the fifth round of
    // 196 direction pairs. On the 5,176 pairs before the near-wording kind: 0.983 (4 in 230), 0.239; 0.990
    // before the 800 hard pairs of antonym, direction, person and asks-more, on which it first read 0.976.
    floor: { precision: 0.906, recall: 0.389 },
    target: { precision: 0.98, recall: 0.4 },
  },
];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

describe('semantic-cache quality: lexical and USE-lite embedders on the labelled question set', () => {
  const pairs = loadQuestionSet();

  it('holds several thousand well-formed pairs of many kinds and domains, each kind and label split evenly', () => {
    assert.ok(pairs.length >= 5000, `${pairs.length} pairs`);
    assert.equal(new Set(pairs.map((p) => p.id)).size, pairs.length, 'pair ids are unique');
    assert.equal(new Set(pairs.map((p) => `${p.a}\n${p.b}`)).size, pairs.length, 'no pair is listed twice');
    for (const p of pairs) assert.notEqual(p.a, p.b, p.id);
    assert.ok(new Set(pairs.map((p) => p.kind)).size >= 18);
    assert.ok(new Set(pairs.map((p) => p.domain)).size >= 20);
    const groups = new Map<string, QuestionPair[]>();
    for (const p of pairs) {
      const group = `${p.kind} ${p.same ? 'same' : 'different'}`;
      groups.set(group, [...(groups.get(group) ?? []), p]);
    }
    for (const [group, members] of groups) {
      const measured = members.filter((p) => p.half === 'measure').length;
      const gap = Math.abs(2 * measured - members.length);
      assert.ok(gap <= Math.max(2, 0.06 * members.length), `${group}: ${measured} of ${members.length} in the measure half`);
    }
  });

  it(`has a stored USE-lite vector for every sentence of the set (else run \`${REGENERATE_COMMAND}\`)`, () => {
    const missing = new StoredVectorEmbedder(readUseLiteVectors()).missing(sentencesOf(pairs));
    assert.deepEqual(
      missing.slice(0, 5),
      [],
      `${missing.length} sentences of the set have no vector in test/fixtures/semantic-quality/use-lite-vectors.txt: ` +
        `the set changed since it was written; run \`${REGENERATE_COMMAND}\` and commit the file`,
    );
  });

  it('the stored vectors are what the installed USE-lite model gives, loaded from its package', async function () {
    // Loading the model and embedding a sample takes about 11 s on a slow machine, near the default 15 s.
    this.timeout(60_000);
    const stored = readUseLiteVectors();
    const sample = sentencesOf(pairs).filter((_, i) => i % 500 === 0);
    const now = await (await loadUseLite())(sample);
    sample.forEach((sentence, i) => {
      const similarity = cosine(now[i]!, stored.get(sentenceKey(sentence)) ?? now[i]!.map(() => 0));
      assert.ok(similarity > 0.999, `${JSON.stringify(sentence)}: ${similarity}; run \`${REGENERATE_COMMAND}\``);
    });
  });

  for (const under of EMBEDDERS) {
    describe(`${under.name}, default threshold ${under.threshold}`, function () {
      // The sweep scores every pair at every threshold: seconds on a machine shared with other work.
      this.timeout(120_000);
      let scored: ScoredQuestion[];
      before(async () => {
        const rules = new Set(under.rules);
        scored = await scorePairs(pairs, under.embedder(), (cached, fresh) => verifyPair(cached, fresh, rules), {
          restatedHits: under.restatedHits,
          closeWordingHits: under.closeWordingHits,
          restatedThreshold: under.restatedThreshold,
        });
      });

      it('prints precision and recall per threshold and per kind on both halves', () => {
        const measure = scored.filter((p) => p.half === 'measure');
        const lines = [
          '',
          `  ${under.name}: ${pairs.length} pairs (${pairs.filter((p) => p.same).length} paraphrases); hit = similarity ≥ threshold and verified`,
          ...sweepTable(scored),
          `  at ${under.threshold}, kinds worst first (errors = wrong hits and missed paraphrases over pairs):`,
          ...kindTable(scored, under.threshold),
          ...(['tune', 'measure'] as const).flatMap((half) =>
            [0.95, 0.98].map(
              (p) =>
                `  ${half} half reaches ${describeThreshold(
                  thresholdForPrecision(
                    scored.filter((q) => q.half === half),
                    p,
                  ),
                )}`,
            ),
          ),
        ];
        console.log(lines.join('\n'));
        assert.equal(kindScores(measure, under.threshold).length, new Set(pairs.map((p) => p.kind)).size);
      });

      it(`keeps today's precision and recall on the measure half at ${under.threshold}`, () => {
        const q = quality(
          scored.filter((p) => p.half === 'measure'),
          under.threshold,
        );
        const status = (value: number, target: number) => (value >= target ? 'target met' : 'target not met');
        console.log(
          [
            `  ${under.name}, measure half at ${under.threshold}:`,
            `    precision ${pct(q.precision)} (floor ${pct(under.floor.precision)}; target ≥ ${pct(under.target.precision)}, ${status(q.precision, under.target.precision)})`,
            `    recall    ${pct(q.recall)} (floor ${pct(under.floor.recall)}; target ≥ ${pct(under.target.recall)}, ${status(q.recall, under.target.recall)})`,
          ].join('\n'),
        );
        assert.ok(q.precision >= under.floor.precision, `precision ${q.precision} fell below ${under.floor.precision}`);
        assert.ok(q.recall >= under.floor.recall, `recall ${q.recall} fell below ${under.floor.recall}`);
      });
    });
  }
});
