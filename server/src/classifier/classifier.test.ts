import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeModel, encodeModel } from './codec';
import { CorpusError, isHeldBack, loadCorpus, loadLexicon, parseJsonl, splitCorpus } from './corpus';
import { evaluate } from './evaluate';
import { type Example, predict, train } from './model';
import { toDevanagari, toLatin } from './script';
import { compileLexicon, conceptsIn, DEFAULT_FEATURES, featurize, normalize, words } from './text';

const toy: Example[] = [
  ['no water in the toilet of coach B2', 'water'],
  ['paani nahi hai bathroom me', 'water'],
  ['शौचालय में पानी नहीं है', 'water'],
  ['tap dry since morning, no water at all', 'water'],
  ['the food was stale and cold', 'catering'],
  ['khana bekar tha, thanda aur basi', 'catering'],
  ['खाना खराब और ठंडा था', 'catering'],
  ['pantry served rotten dal', 'catering'],
  ['my father has chest pain and is sweating', 'medical'],
  ['passenger fainted, need a doctor now', 'medical'],
  ['मेरे पिता बेहोश हो गए, डॉक्टर चाहिए', 'medical'],
  ['baby has high fever, please send doctor', 'medical'],
].map(([text, label]) => ({ text, label, emergency: label === 'medical', severity: label === 'medical' ? 'high' : 'medium' }) as Example);

describe('tokenising', () => {
  it('splits Latin text into lowercase words, numbers as one token, stretched letters shortened', () => {
    expect(words('NO WATER in B2!!! Pleeeease help, train 12951')).toEqual(['no', 'water', 'in', 'b0', 'pleease', 'help', 'train', '0']);
  });

  it('keeps Devanagari vowel signs and viramas inside their word', () => {
    expect(words('शौचालय में पानी नहीं है।')).toEqual(['शौचालय', 'में', 'पानी', 'नहीं', 'है']);
    expect(words('डॉक्टर चाहिए')).toEqual(['डॉक्टर', 'चाहिए']);
  });

  it('reads Tamil, Telugu and Bengali words whole, and drops zero-width joiners', () => {
    expect(words('கழிப்பறையில் தண்ணீர் இல்லை')).toHaveLength(3);
    expect(words('నీళ్లు లేవు')).toEqual(['నీళ్లు', 'లేవు']);
    expect(words('জল\u200dনেই')).toEqual(['জলনেই']);
  });

  it('folds compatibility forms (full-width letters) like the rest', () => {
    expect(normalize('ＡＣ')).toBe('ac');
  });

  it('projects other Indian scripts into Devanagari and spells Devanagari in Latin letters', () => {
    expect(toDevanagari('পানি')).toBe('पानि');
    expect(toDevanagari('water')).toBeNull();
    expect(toLatin('पानी')).toBe('pani');
    expect(toLatin('खराब')).toBe('kharab');
    expect(toLatin('गंदा')).toBe('ganda');
  });
});

describe('features', () => {
  it('gives the same sparse vector for the same text every time, of unit length', () => {
    const a = featurize('AC not cooling in B3');
    const b = featurize('AC not cooling in B3');
    expect(Array.from(a.index)).toEqual(Array.from(b.index));
    expect(Array.from(a.value)).toEqual(Array.from(b.value));
    const norm = Math.sqrt(a.value.reduce((s, v) => s + v * v, 0));
    expect(norm).toBeCloseTo(1, 5);
    expect(Math.max(...a.index)).toBeLessThan(2 ** DEFAULT_FEATURES.bits);
  });

  it('shares character n-grams between spellings of one word', () => {
    const shared = (x: string, y: string) => {
      const a = new Set(featurize(x, { ...DEFAULT_FEATURES, bigrams: false }).index);
      return featurize(y, { ...DEFAULT_FEATURES, bigrams: false }).index.filter((i) => a.has(i)).length;
    };
    expect(shared('paani', 'pani')).toBeGreaterThan(shared('paani', 'khana'));
    // Hindi in Devanagari and in Latin letters meet through the transliteration.
    expect(shared('पानी', 'pani')).toBeGreaterThan(0);
  });

  it('finds concepts by whole word, word beginning and phrase', () => {
    const lexicon = compileLexicon({ water: ['water', 'पानी', 'தண்ணீ'], linen: ['bed sheet', 'ac'] });
    expect([...conceptsIn(words('தண்ணீர் இல்லை'), lexicon)]).toEqual(['water']);
    expect([...conceptsIn(words('no bed sheet given'), lexicon)]).toEqual(['linen']);
    expect([...conceptsIn(words('the AC is off'), lexicon)]).toEqual(['linen']);
    // A short term must be the whole word: "ac" does not fire inside "accident".
    expect([...conceptsIn(words('an accident'), lexicon)]).toEqual([]);
  });

  it('lets the last word of a phrase match as a word beginning when asked (Tamil and Telugu suffixes)', () => {
    const lexicon = compileLexicon({ 'time-past-over': ['ఇంటికి వచ్చాక'] });
    const text = words('నానమ్మ కళ్ళద్దాలు పడిపోయాయి, ఇంటికి వచ్చాకే గుర్తొచ్చింది');
    expect([...conceptsIn(text, lexicon)]).toEqual([]);
    expect([...conceptsIn(text, lexicon, true)]).toEqual(['time-past-over']);
  });

  it('adds one feature for each pair of concepts found, and none for a lone concept', () => {
    const lexicon = compileLexicon({ theft: ['stolen'], recent: ['just now'] });
    const size = (text: string, conceptPairs: boolean) => featurize(text, { ...DEFAULT_FEATURES, conceptPairs }, lexicon).index.length;
    expect(size('bag stolen just now', true)).toBe(size('bag stolen just now', false) + 1);
    expect(size('bag stolen last month', true)).toBe(size('bag stolen last month', false));
  });

  it('reads the urgency cues of the lexicon in every language, and "the last station" is not the past', () => {
    const lexicon = compileLexicon(loadLexicon());
    const concepts = (text: string) => conceptsIn(words(text), lexicon, true);
    expect([...concepts('abhi abhi kisi ne mera bag utha liya')]).toEqual(expect.arrayContaining(['time-just-now', 'theft-stolen']));
    expect(concepts('মা উঠে বসতেও পারছেন না').has('unresponsive-limp')).toBe(true);
    expect(concepts('ஒரு ஆள் என்னை பின்தொடர்ந்து வருகிறான்').has('stalking-staring')).toBe(true);
    expect(concepts('అమ్మమ్మ లేచి కూర్చోలేకపోతోంది').has('unresponsive-limp')).toBe(true);
    expect(concepts('pichle mahine mera phone chori hua, FIR ki thi').has('time-past-over')).toBe(true);
    expect(concepts('वह आदमी पिछले स्टेशन पर उतर गया').has('time-past-over')).toBe(false);
    expect(concepts("it's an emergency, the AC is not working").has('emergency-fitting')).toBe(false);
    expect(concepts('the emergency window does not close').has('emergency-fitting')).toBe(true);
  });
});

describe('model', () => {
  it('learns a small corpus and predicts all of its fields', async () => {
    const model = await train(toy, 'test', { epochs: 20 });
    const p = predict(model, 'no water in toilet');
    expect(p.category).toBe('water');
    expect(p.top3).toHaveLength(3);
    expect(p.top3[0].category).toBe('water');
    expect(p.confidence).toBe(p.top3[0].confidence);
    expect(p.top3[0].confidence).toBeGreaterThanOrEqual(p.top3[1].confidence);
    expect(predict(model, 'khana thanda tha').category).toBe('catering');
    expect(predict(model, 'my father fainted, doctor please')).toMatchObject({ category: 'medical', emergency: true, severity: 'high' });
    expect(predict(model, 'food was stale').emergency).toBe(false);
  });

  it('learns urgency from every complaint, so an alarm word in a complaint of another type is not an emergency', async () => {
    const nearMisses: Example[] = [
      "it's an emergency, the AC is not working in B2",
      'emergency!! the fan is not running, please hurry',
      'urgent help, the lights are off in the coach',
      'emergency, the toilet is dirty, please hurry',
    ].map((text) => ({ text, label: text.includes('toilet') ? 'coach-cleanliness' : 'electrical', emergency: false, severity: 'medium' }) as Example);
    const urgent: Example[] = ['emergency, my father fainted, please hurry', 'he collapsed and is not breathing, urgent help', 'baby not responding, please hurry'].map(
      (text) => ({ text, label: 'medical', emergency: true, severity: 'high' }) as Example,
    );
    const model = await train([...toy, ...nearMisses, ...urgent], 'test', { epochs: 20 });
    expect(predict(model, 'emergency, the AC is off, please hurry').emergency).toBe(false);
    expect(predict(model, 'please hurry, my mother fainted').emergency).toBe(true);
  });

  it('keeps scoring an older model the way it was trained: urgency times the type, to the power 1', async () => {
    const model = await train(toy, 'v1', { epochs: 10, emergencyTraining: 'risky-types' });
    expect(model.emergencyTypeExponent).toBe(1);
    const { emergencyTypeExponent: _, ...older } = model;
    for (const text of ['my father fainted, doctor please', 'food was stale', 'baby has fever']) {
      expect(predict(older, text).emergencyScore).toBe(predict(model, text).emergencyScore);
    }
    const current = await train(toy, 'v2', { epochs: 10 });
    expect(decodeModel(encodeModel(current)).emergencyTypeExponent).toBe(current.emergencyTypeExponent);
  });

  it('never reports a type as certain', async () => {
    const model = await train(toy, 'test', { epochs: 40 });
    const p = predict(model, 'no water in the toilet, tap dry, paani nahi');
    expect(p.confidence).toBeLessThan(1);
    expect(p.top3[0].confidence).toBeLessThan(1);
  });

  it('is deterministic: the same examples give the same model', async () => {
    const a = await train(toy, 'a', { epochs: 5 });
    const b = await train(toy, 'b', { epochs: 5 });
    expect(Array.from(a.category.weights.slice(0, 5000))).toEqual(Array.from(b.category.weights.slice(0, 5000)));
  });

  it('survives a round trip through bytes with the same predictions and its lexicon', async () => {
    const model = await train(toy, 'v9', { epochs: 10, lexicon: { food: ['khana', 'खाना', 'food'] } });
    const bytes = encodeModel(model);
    const back = decodeModel(bytes);
    expect(back.version).toBe('v9');
    expect(back.lexicon).toEqual({ food: ['khana', 'खाना', 'food'] });
    for (const text of ['paani nahi', 'khana kharab', 'chest pain', 'नमस्ते']) {
      const [x, y] = [predict(model, text), predict(back, text)];
      expect(y.category).toBe(x.category);
      expect(y.confidence).toBeCloseTo(x.confidence, 2);
      expect(y.emergency).toBe(x.emergency);
    }
    expect(() => decodeModel(Buffer.from('nope'))).toThrow();
  });

  it('scores a labelled set: accuracy, top-3, per-type recall, confusion, emergencies', async () => {
    const model = await train(toy, 'test', { epochs: 20 });
    const e = evaluate(model, [
      { text: 'no water in the toilet', label: 'water', lang: 'en', emergency: false },
      { text: 'my father fainted', label: 'medical', lang: 'en', emergency: true },
      { text: 'pani nahi', label: 'catering', lang: 'hinglish', emergency: false },
    ]);
    expect(e.tested).toBe(3);
    expect(e.accuracy).toBeCloseTo(2 / 3, 5);
    expect(e.top3).toBe(1);
    expect(e.perType.find((t) => t.type === 'water')?.recall).toBe(1);
    expect(e.confusion.flat().reduce((s, n) => s + n, 0)).toBe(3);
    expect(e.emergency).toMatchObject({ recall: 1, emergencies: 1 });
    expect(e.perLanguage.map((l) => l.lang).sort()).toEqual(['en', 'hinglish']);
  });
});

describe('corpus', () => {
  it('holds at least 150 examples of every type, each line valid', () => {
    const corpus = loadCorpus();
    const counts = new Map<string, number>();
    for (const e of corpus) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const [, n] of counts) expect(n).toBeGreaterThanOrEqual(150);
  });

  it('splits by the text itself: stable, disjoint, about a fifth held back', () => {
    const corpus = loadCorpus();
    const { train: a, test: b } = splitCorpus(corpus);
    expect(a.length + b.length).toBe(corpus.length);
    expect(b.length / corpus.length).toBeGreaterThan(0.15);
    expect(b.length / corpus.length).toBeLessThan(0.25);
    const trained = new Set(a.map((e) => normalize(e.text).trim()));
    expect(b.filter((e) => trained.has(normalize(e.text).trim()))).toEqual([]);
    expect(isHeldBack(b[0].text)).toBe(true);
    expect(isHeldBack(`  ${b[0].text.toUpperCase()}  `)).toBe(true);
  });

  it('keeps the emergency set apart from the corpus: half emergencies, in all seven languages', () => {
    const trained = new Set(loadCorpus().map((e) => normalize(e.text).trim()));
    const emergencies = parseJsonl(readFileSync(new URL('../../classifier/eval/emergencies.jsonl', import.meta.url), 'utf8'), 'emergencies.jsonl');
    expect(emergencies.filter((e) => trained.has(normalize(e.text).trim()))).toEqual([]);
    expect(emergencies.length).toBeGreaterThanOrEqual(300);
    const share = emergencies.filter((e) => e.emergency).length / emergencies.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(new Set(emergencies.map((e) => e.lang))).toEqual(new Set(['en', 'hinglish', 'hi', 'bn', 'mr', 'ta', 'te']));
  });

  it('names the line of a bad example', () => {
    expect(() => parseJsonl('{"text":"ok","label":"water"}\n{"text":"x","label":"nope"}', 'f.jsonl')).toThrow(new CorpusError('f.jsonl:2: "label" must be one of coach-maintenance, electrical, medical, catering, passenger-behaviour, water, punctuality, security, ticketing, coach-cleanliness, staff-behaviour, refund, amenities, bedroll, corruption, miscellaneous'));
    expect(() => parseJsonl('not json', 'g.jsonl')).toThrow('g.jsonl:1: not JSON');
  });
});
