export const TEMPLATE_FILE = new URL('../../.test-artifacts/pglite-template.tar', import.meta.url);
export const CLASSIFIER_SEED_FILE = new URL('../../.test-artifacts/classifier-seed.rmc', import.meta.url);
