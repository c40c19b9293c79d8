// The classifier's numbers: test-split scores for the feature sets compared in docs/classifier.md,
// the emergency call on the three evaluation sets, training time, model size, load time and
// prediction latency.
// Usage: node --import tsx bench/classifier.ts [--compare] [--misses]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeModel, encodeModel } from '../server/src/classifier/codec';
import { CORPUS_DIR, type CorpusExample, isHeldBack, loadCorpus, loadLexicon, parseJsonl, splitCorpus } from '../server/src/classifier/corpus';
import { evaluate, type Scored } from '../server/src/classifier/evaluate';
import { type Model, predict, type TrainOptions, train } from '../server/src/classifier/model';
import { DEFAULT_FEATURES, type FeatureOptions } from '../server/src/classifier/text';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const corpus = loadCorpus();
const { train: trainSet, test } = splitCorpus(corpus);
const lexicon = loadLexicon();
console.log(`corpus ${corpus.length} examples: train ${trainSet.length}, test ${test.length}`);

const evalFile = (name: string) => parseJsonl(readFileSync(new URL(`../server/classifier/eval/${name}`, import.meta.url).pathname, 'utf8'), name);
// The independent set, written without sight of the corpus or the lexicon, and the emergency set,
// written before the corpus lines for calm emergencies and their near misses; neither trained on.
const fresh = evalFile('fresh.jsonl');
const emergencies = evalFile('emergencies.jsonl');
// The held-back lines of the corpus as it stood before those two files were added, for a
// like-for-like comparison with the first numbers.
const ADDED_FOR_EMERGENCIES = ['more-calm-emergencies.jsonl', 'more-near-misses.jsonl'];
const original = readdirSync(CORPUS_DIR)
  .filter((f) => f.endsWith('.jsonl') && !ADDED_FOR_EMERGENCIES.includes(f))
  .flatMap((f) => parseJsonl(readFileSync(join(CORPUS_DIR, f), 'utf8'), f))
  .filter((e) => isHeldBack(e.text));
const sets: [string, Scored[]][] = [
  ['held-back split', test],
  ['  of which the first corpus', original],
  ['independent (fresh.jsonl)', fresh],
  ['emergencies.jsonl', emergencies],
];

/** Top-1 and the emergency call on each set, one line each. */
function report(model: Model, label: string) {
  console.log(label);
  for (const [name, set] of sets) {
    const e = evaluate(model, set);
    console.log(`  ${name.padEnd(28)} ${String(e.tested).padStart(4)}  top-1 ${pct(e.accuracy)}  emergencies caught ${pct(e.emergency.recall)} of ${e.emergency.emergencies}, false alarms ${pct(e.emergency.falseAlarms)}`);
  }
}

if (process.argv.includes('--compare')) {
  const variants: [string, FeatureOptions][] = [
    ['words only', { bits: 18, minGram: 0, maxGram: 0, bigrams: false }],
    ['words + bigrams', { bits: 18, minGram: 0, maxGram: 0, bigrams: true }],
    ['char 2-5 only', { bits: 18, minGram: 2, maxGram: 5, bigrams: false }],
    ['words + bigrams + char 2-4', { bits: 18, minGram: 2, maxGram: 4, bigrams: true }],
    ['words + bigrams + char 2-5 (chosen)', DEFAULT_FEATURES],
    ['words + bigrams + char 1-5', { bits: 18, minGram: 1, maxGram: 5, bigrams: true }],
    ['same, 2^18 buckets', { ...DEFAULT_FEATURES, bits: 18 }],
    ['same, without the script bridges', { ...DEFAULT_FEATURES, scripts: false }],
    ['same, without concept pairs', { ...DEFAULT_FEATURES, conceptPairs: false }],
    ['same, concepts counted 128, pairs 32', { ...DEFAULT_FEATURES, conceptWeight: 128, pairWeight: 32 }],
  ];
  for (const [name, features] of variants) {
    const model = await train(trainSet, 'compare', { features, lexicon });
    const e = evaluate(model, test);
    console.log(`${name.padEnd(40)} top-1 ${pct(e.accuracy)}  top-3 ${pct(e.top3)}  emergencies ${pct(e.emergency.recall)} (false alarms ${pct(e.emergency.falseAlarms)})`);
  }
  const bare = evaluate(await train(trainSet, 'compare', {}), test);
  console.log(`${'chosen features, without the lexicon'.padEnd(40)} top-1 ${pct(bare.accuracy)}  top-3 ${pct(bare.top3)}  emergencies ${pct(bare.emergency.recall)} (false alarms ${pct(bare.emergency.falseAlarms)})`);
  for (const [learningRate, epochs, l2] of [[1, 12, 1e-5], [2, 12, 1e-4], [1, 20, 1e-4], [2, 16, 3e-4]]) {
    const e = evaluate(await train(trainSet, 'compare', { lexicon, learningRate, epochs, l2 }), test);
    console.log(`rate ${learningRate} epochs ${epochs} l2 ${l2}`.padEnd(40), `top-1 ${pct(e.accuracy)}  top-3 ${pct(e.top3)}  emergencies ${pct(e.emergency.recall)}`);
  }
  // The emergency call, method by method, on the same corpus and lexicon.
  const first: FeatureOptions = { bits: 16, minGram: 2, maxGram: 5, bigrams: true, scripts: true };
  const methods: [string, TrainOptions][] = [
    ['first method: urgency head on medical/security/electrical, x P(type), 0.12, first features', { features: first, emergencyTraining: 'risky-types' }],
    ['first method with the new features', { emergencyTraining: 'risky-types' }],
    ['urgency head on all complaints, x P(type)^1', { emergencyTypeExponent: 1, emergencyThreshold: 0.1 }],
    ['urgency head on all complaints, without P(type)', { emergencyTypeExponent: 0, emergencyThreshold: 0.2 }],
    ['urgency head on all complaints, x P(type)^0.75 (chosen)', {}],
  ];
  for (const [name, options] of methods) report(await train(trainSet, 'compare', { lexicon, ...options }), name);
}

let t = performance.now();
const model = await train(trainSet, 'bench', { lexicon });
const trainMs = performance.now() - t;
const bytes = encodeModel(model);
t = performance.now();
const loaded = decodeModel(bytes);
const loadMs = performance.now() - t;
const e = evaluate(loaded, test);
const times: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const x of test) {
    const s = performance.now();
    predict(loaded, x.text);
    times.push(performance.now() - s);
  }
}
times.sort((a, b) => a - b);
console.log(`train ${trainMs.toFixed(0)} ms on ${trainSet.length} examples; model ${(bytes.length / 1024 / 1024).toFixed(2)} MB; load ${loadMs.toFixed(1)} ms`);
console.log(`predict median ${times[Math.floor(times.length / 2)].toFixed(3)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(3)} ms over ${times.length} calls`);
console.log(`test split: top-1 ${pct(e.accuracy)}, top-3 ${pct(e.top3)}, emergencies caught ${pct(e.emergency.recall)} of ${e.emergency.emergencies}, false alarms ${pct(e.emergency.falseAlarms)}`);
for (const l of e.perLanguage.sort((a, b) => b.tested - a.tested)) console.log(`  ${l.lang.padEnd(9)} ${String(l.tested).padStart(4)}  top-1 ${pct(l.accuracy)}  top-3 ${pct(l.top3)}`);
const ordinary = test.filter((x) => !['medical', 'security', 'electrical'].includes(x.label));
console.log(`false emergency alarms on the ${ordinary.length} held-back complaints of the other 13 types: ${pct(ordinary.filter((x) => predict(loaded, x.text).emergency).length / ordinary.length)}`);
for (const t of e.perType) console.log(`  ${t.type.padEnd(20)} precision ${pct(t.precision)}  recall ${pct(t.recall)}  (${t.support})`);

const freshScores = evaluate(loaded, fresh);
console.log(`independent set (${freshScores.tested}): top-1 ${pct(freshScores.accuracy)}, top-3 ${pct(freshScores.top3)}, emergencies caught ${pct(freshScores.emergency.recall)} of ${freshScores.emergency.emergencies}, false alarms ${pct(freshScores.emergency.falseAlarms)}`);
for (const l of freshScores.perLanguage.sort((a, b) => b.tested - a.tested)) console.log(`  ${l.lang.padEnd(9)} ${String(l.tested).padStart(4)}  top-1 ${pct(l.accuracy)}  top-3 ${pct(l.top3)}`);

// The emergency call (the goal: at least 98% caught, at most 3% false alarms, on each set).
report(loaded, `emergency call, threshold ${loaded.emergencyThreshold}:`);
/** Recall and false alarms per language, emergencies and others counted apart. */
function byLanguage(set: CorpusExample[]) {
  const langs = [...new Set(set.map((x) => x.lang))];
  return langs.map((lang) => {
    const rows = set.filter((x) => x.lang === lang).map((x) => ({ x, p: predict(loaded, x.text) }));
    const urgent = rows.filter((r) => r.x.emergency);
    const calm = rows.filter((r) => !r.x.emergency);
    return `${lang} ${urgent.filter((r) => r.p.emergency).length}/${urgent.length} caught, ${calm.filter((r) => r.p.emergency).length}/${calm.length} false`;
  });
}
console.log(`  emergencies.jsonl by language: ${byLanguage(emergencies).join('; ')}`);
console.log(`  held-back split by language: ${byLanguage(test).join('; ')}`);
if (process.argv.includes('--misses')) {
  for (const [name, set] of sets.slice(1)) {
    for (const x of set) {
      const p = predict(loaded, x.text);
      if (x.emergency !== undefined && p.emergency !== x.emergency) console.log(`  ${name}: ${x.emergency ? 'missed' : 'false alarm'} ${p.emergencyScore.toFixed(3)} | ${x.text}`);
    }
  }
}
// What the threshold trades, set by set: emergencies caught / false alarms.
const scored = sets.map(([name, set]) => [name, set.map((x) => [predict(loaded, x.text).emergencyScore, x.emergency] as const)] as const);
for (const threshold of [0.08, 0.1, 0.12, 0.14, 0.15, 0.16, 0.17, 0.18, 0.2, 0.25]) {
  const cells = scored.map(([name, rows]) => {
    const urgent = rows.filter(([, y]) => y === true);
    const calm = rows.filter(([, y]) => y === false);
    return `${name.trim().split(' ')[0]} ${pct(urgent.filter(([s]) => s >= threshold).length / urgent.length)}/${pct(calm.filter(([s]) => s >= threshold).length / calm.length)}`;
  });
  console.log(`  at ${threshold.toFixed(2)}: ${cells.join('  ')}`);
}
