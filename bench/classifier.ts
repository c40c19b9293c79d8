// The classifier's numbers: test-split scores for the feature sets compared in docs/classifier.md,
// training time, model size, load time and prediction latency.
// Usage: node --import tsx bench/classifier.ts [--compare]
import { encodeModel, decodeModel } from '../server/src/classifier/codec';
import { readFileSync } from 'node:fs';
import { loadCorpus, loadLexicon, parseJsonl, splitCorpus } from '../server/src/classifier/corpus';
import { evaluate } from '../server/src/classifier/evaluate';
import { predict, train } from '../server/src/classifier/model';
import { DEFAULT_FEATURES, type FeatureOptions } from '../server/src/classifier/text';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const corpus = loadCorpus();
const { train: trainSet, test } = splitCorpus(corpus);
const lexicon = loadLexicon();
console.log(`corpus ${corpus.length} examples: train ${trainSet.length}, test ${test.length}`);

if (process.argv.includes('--compare')) {
  const variants: [string, FeatureOptions][] = [
    ['words only', { bits: 18, minGram: 0, maxGram: 0, bigrams: false }],
    ['words + bigrams', { bits: 18, minGram: 0, maxGram: 0, bigrams: true }],
    ['char 2-5 only', { bits: 18, minGram: 2, maxGram: 5, bigrams: false }],
    ['words + bigrams + char 2-4', { bits: 18, minGram: 2, maxGram: 4, bigrams: true }],
    ['words + bigrams + char 2-5 (chosen)', DEFAULT_FEATURES],
    ['words + bigrams + char 1-5', { bits: 18, minGram: 1, maxGram: 5, bigrams: true }],
    ['same, 2^18 buckets', { ...DEFAULT_FEATURES, bits: 18 }],
    ['same, 2^20 buckets', { ...DEFAULT_FEATURES, bits: 20 }],
    ['same, without the script bridges', { ...DEFAULT_FEATURES, scripts: false }],
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

// The independent set (server/classifier/eval/fresh.jsonl), written without sight of the corpus
// or the lexicon and never trained on.
const freshFile = new URL('../server/classifier/eval/fresh.jsonl', import.meta.url).pathname;
const fresh = evaluate(loaded, parseJsonl(readFileSync(freshFile, 'utf8'), 'fresh.jsonl'));
console.log(`independent set (${fresh.tested}): top-1 ${pct(fresh.accuracy)}, top-3 ${pct(fresh.top3)}, emergencies caught ${pct(fresh.emergency.recall)} of ${fresh.emergency.emergencies}, false alarms ${pct(fresh.emergency.falseAlarms)}`);
for (const l of fresh.perLanguage.sort((a, b) => b.tested - a.tested)) console.log(`  ${l.lang.padEnd(9)} ${String(l.tested).padStart(4)}  top-1 ${pct(l.accuracy)}  top-3 ${pct(l.top3)}`);
