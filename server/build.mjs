// Builds the server to plain JavaScript for production (`npm start` runs dist/main.js with node alone).
// The contract workspace is TypeScript, so it is bundled in; every package from npm stays an import of
// node_modules, as it would be when run from source.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = new URL('./', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', here), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !name.startsWith('@railmadad/'));

rmSync(new URL('dist', here), { recursive: true, force: true });
const result = await build({
  absWorkingDir: new URL('.', here).pathname,
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts', classifier: 'src/cli/classifier.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages' own subpaths (better-auth/plugins, drizzle-orm/pg-core…) stay imports too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  // Chunks sit in dist/ beside the entries: src/paths.ts finds server/ one level up from either.
  chunkNames: 'chunks-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const scripts = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kb = scripts.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(`server built to server/dist: ${scripts.length} files, ${kb.toFixed(0)} KB`);
