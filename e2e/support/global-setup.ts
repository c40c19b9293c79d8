import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeModel } from '../../server/src/classifier/codec';
import { trainFromCorpus } from '../../server/src/classifier/corpus';
import { CLASSIFIER_SEED, ROOT } from './harness';

/** Trains the classifier once for every journey's server (CLASSIFIER_SEED_FILE), instead of once per server. */
export default async function setup() {
  mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
  writeFileSync(CLASSIFIER_SEED, encodeModel(await trainFromCorpus()));
}
