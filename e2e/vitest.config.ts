import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One server and one browser per file; files run one after another to keep two cores calm.
    fileParallelism: false,
  },
});
