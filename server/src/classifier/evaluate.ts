import { COMPLAINT_TYPES, type ComplaintType } from '@railmadad/contract';
import { type Model, predict } from './model';

export type Scored = { text: string; label: ComplaintType; lang?: string; emergency?: boolean };

export type Evaluation = {
  tested: number;
  accuracy: number;
  top3: number;
  perType: { type: ComplaintType; precision: number; recall: number; support: number }[];
  perLanguage: { lang: string; accuracy: number; top3: number; tested: number }[];
  /** Among examples labelled emergency: share called emergency; among the rest, share called. */
  emergency: { recall: number; falseAlarms: number; emergencies: number };
  /** confusion[actual][predicted] in COMPLAINT_TYPES order. */
  confusion: number[][];
};

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function evaluate(model: Model, examples: Scored[]): Evaluation {
  const index = (t: ComplaintType) => COMPLAINT_TYPES.indexOf(t);
  const confusion = COMPLAINT_TYPES.map(() => COMPLAINT_TYPES.map(() => 0));
  const languages = new Map<string, { right: number; top3: number; tested: number }>();
  let right = 0;
  let top3 = 0;
  let emergencies = 0;
  let caught = 0;
  let calm = 0;
  let alarms = 0;
  for (const e of examples) {
    const p = predict(model, e.text);
    const hit = p.category === e.label;
    const near = p.top3.some((t) => t.category === e.label);
    confusion[index(e.label)][index(p.category)]++;
    right += Number(hit);
    top3 += Number(near);
    const lang = languages.get(e.lang ?? 'unknown') ?? { right: 0, top3: 0, tested: 0 };
    lang.right += Number(hit);
    lang.top3 += Number(near);
    lang.tested++;
    languages.set(e.lang ?? 'unknown', lang);
    if (e.emergency === true) {
      emergencies++;
      caught += Number(p.emergency);
    } else if (e.emergency === false) {
      calm++;
      alarms += Number(p.emergency);
    }
  }
  const perType = COMPLAINT_TYPES.map((type, i) => {
    const predicted = confusion.reduce((sum, row) => sum + row[i], 0);
    const support = confusion[i].reduce((sum, n) => sum + n, 0);
    return { type, precision: ratio(confusion[i][i], predicted), recall: ratio(confusion[i][i], support), support };
  });
  return {
    tested: examples.length,
    accuracy: ratio(right, examples.length),
    top3: ratio(top3, examples.length),
    perType,
    perLanguage: [...languages].map(([lang, s]) => ({ lang, accuracy: ratio(s.right, s.tested), top3: ratio(s.top3, s.tested), tested: s.tested })),
    emergency: { recall: ratio(caught, emergencies), falseAlarms: ratio(alarms, calm), emergencies },
    confusion,
  };
}

/** The scores a model keeps in its meta and the database keeps beside it. */
export const metricsOf = (e: Evaluation) => ({ accuracy: e.accuracy, top3: e.top3, emergencyRecall: e.emergency.recall, tested: e.tested });
