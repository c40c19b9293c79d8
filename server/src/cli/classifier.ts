import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { COMPLAINT_TYPES } from '@railmadad/contract';
import { CorpusError, parseJsonl } from '../classifier/corpus';
import { evaluate } from '../classifier/evaluate';
import { predict } from '../classifier/model';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createClassifier } from '../modules/classification/classifier';

const USAGE = `Usage: npm run classifier -- COMMAND

  train [--out FILE] Train a new model version from the corpus (server/classifier/) and every
                     review stored in the database; it becomes active only if it scores no worse
                     than the active one on the held-back examples. --out also writes it to FILE,
                     which CLASSIFIER_SEED_FILE can give a new database instead of training.
  eval FILE.jsonl    Score the active model on lines {"text": …, "label": …}: accuracy, top-3
                     accuracy, per-type precision and recall, a confusion table (and emergency
                     recall and per-language scores when lines carry "emergency" / "lang").
  predict            Read lines {"text": …} on stdin, write one line per input on stdout:
                     {"category", "confidence", "top3", "emergency", "severity"}, in order.

Uses the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR, ./data); a new
database gets its first model trained from the corpus. With the embedded database, stop the
server first: only one process may open ./data at a time.`;

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
// Progress and notes go to stderr, so `predict` output stays clean JSONL.
const log = {
  info: (o: object, msg: string) => console.error(`${msg} ${JSON.stringify(o)}`),
  warn: (o: object, msg: string) => console.error(`warning: ${msg} ${JSON.stringify(o)}`),
  error: (o: object, msg: string) => console.error(`error: ${msg} ${JSON.stringify(o)}`),
};

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' }, out: { type: 'string' } } });
  const [command, file] = positionals;
  if (values.help || !['train', 'eval', 'predict'].includes(command) || (command === 'eval' && !file)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const examples = command === 'eval' ? parseJsonl(readFileSync(file, 'utf8'), file) : [];
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'error' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const classifier = createClassifier({ db: database.db, log: command === 'predict' ? { ...log, info: () => undefined } : log, cacheDir: join(config.dataDir, 'classifier') });
    await classifier.start();
    if (command === 'train') {
      const status = await classifier.retrain(null, { wait: true });
      const r = status.result;
      if (status.state !== 'done' || !r) throw new Error(status.error ?? 'training failed');
      console.log(`Version ${r.version}: ${pct(r.accuracy)} top-1 on the held-back examples (active model: ${r.previousAccuracy === null ? '—' : pct(r.previousAccuracy)}).`);
      console.log(`${r.examples} training examples, ${r.corrections} of them from reviews.`);
      console.log(r.accepted ? `Version ${r.version} is now active.` : `Version ${r.version} scored worse and was kept aside; the active model stays.`);
      if (values.out) {
        writeFileSync(values.out, await classifier.bytes(r.version));
        console.log(`Written to ${values.out}.`);
      }
      return;
    }
    const model = await classifier.model();
    if (!model) throw new Error('no active model');
    if (command === 'eval') {
      const e = evaluate(model, examples);
      console.log(`Model v${classifier.version} on ${file}: ${e.tested} examples`);
      console.log(`accuracy ${pct(e.accuracy)}   top-3 accuracy ${pct(e.top3)}`);
      if (e.emergency.emergencies > 0) console.log(`emergencies caught ${pct(e.emergency.recall)} of ${e.emergency.emergencies}; false alarms ${pct(e.emergency.falseAlarms)} of the rest`);
      if (e.perLanguage.length > 1) for (const l of e.perLanguage) console.log(`  ${l.lang.padEnd(10)} ${String(l.tested).padStart(5)}  accuracy ${pct(l.accuracy).padStart(6)}  top-3 ${pct(l.top3).padStart(6)}`);
      console.log('\ntype                   precision  recall  support');
      for (const t of e.perType) if (t.support > 0 || t.precision > 0) console.log(`${t.type.padEnd(22)} ${pct(t.precision).padStart(9)} ${pct(t.recall).padStart(7)} ${String(t.support).padStart(8)}`);
      console.log('\nconfusion (rows: actual, columns: predicted, in this order)');
      for (const [i, t] of COMPLAINT_TYPES.entries()) console.log(`${String(i + 1).padStart(2)} ${t}`);
      console.log(`${''.padEnd(3)}${COMPLAINT_TYPES.map((_, i) => String(i + 1).padStart(4)).join('')}`);
      for (const [i, row] of e.confusion.entries()) console.log(`${String(i + 1).padStart(2)} ${row.map((n) => String(n || '.').padStart(4)).join('')}`);
      return;
    }
    let line = 0;
    for await (const raw of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
      line++;
      if (!raw.trim()) continue;
      let text: unknown;
      try {
        text = JSON.parse(raw).text;
      } catch {}
      if (typeof text !== 'string') throw new CorpusError(`stdin:${line}: expected {"text": "…"}`);
      const p = predict(model, text);
      process.stdout.write(
        `${JSON.stringify({ category: p.category, confidence: p.confidence, top3: p.top3.map((t) => t.category), emergency: p.emergency, severity: p.severity })}\n`,
      );
    }
  } finally {
    await database.close();
  }
}

// Output piped into `head` that closes early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof CorpusError ? error.message : error);
  process.exit(1);
});
