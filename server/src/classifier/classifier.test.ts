import { describe, expect, it } from 'vitest';
import { decodeModel, encodeModel } from './codec';
import { CorpusError, isHeldBack, loadCorpus, parseJsonl, splitCorpus } from './corpus';
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

  it('names the line of a bad example', () => {
    expect(() => parseJsonl('{"text":"ok","label":"water"}\n{"text":"x","label":"nope"}', 'f.jsonl')).toThrow(new CorpusError('f.jsonl:2: "label" must be one of coach-maintenance, electrical, medical, catering, passenger-behaviour, water, punctuality, security, ticketing, coach-cleanliness, staff-behaviour, refund, amenities, bedroll, corruption, miscellaneous'));
    expect(() => parseJsonl('not json', 'g.jsonl')).toThrow('g.jsonl:1: not JSON');
  });
});
