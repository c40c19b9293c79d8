export const TEMPLATE_FILE = new URL('../../.test-artifacts/pglite-template.tar', import.meta.url);
