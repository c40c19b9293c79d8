import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the files every first screen runs (the framework, the shell, the entry, the app's frame, the home page) with
 * V8's explicit compile hint: Chromium then compiles all their functions while the file streams in, on a background
 * thread, instead of one by one on the main thread the first time each is called. On a slow phone that lazy
 * compiling is a large part of the first render's long task. Other files stay lazily compiled: most of their code
 * never runs on a given visit. The hint must be the file's first line, so it goes into the files as written, after
 * every other plugin has had its say (the entry gets a preamble late in the build).
 */
export function compileHints(names: RegExp): Plugin {
  return {
    name: 'railmadad:compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !names.test(output.name)) continue;
        const file = join(options.dir ?? 'dist', output.fileName);
        writeFileSync(file, HINT + readFileSync(file, 'utf8'));
      }
    },
  };
}
