import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default, which a busy CI machine overruns.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // Each file opens its own database; two at a time fits two cores and PGlite's memory.
    maxWorkers: 2,
  },
});
