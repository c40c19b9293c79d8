import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default, which a busy CI machine overruns: wait for what the step needs.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    // One server and one browser per file; files run one after another to keep two cores calm.
    fileParallelism: false,
  },
});
