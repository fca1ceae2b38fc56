#!/usr/bin/env node
// Builds the production server: one ES module bundle in dist/ that Node runs without a TypeScript
// loader. The contracts workspace (TypeScript source) is bundled in; every other package stays an
// import from node_modules. Migrations and assets are read from the package folder at run time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
const BUNDLED_PACKAGES = ['@app/contracts'];

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const bundled = BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return bundled ? undefined : { path: args.path, external: true };
    });
  },
};

// Files are overwritten in place (fixed names), so a process started from dist keeps working during a rebuild.
fs.mkdirSync(outDir, { recursive: true });
const started = performance.now();
await build({
  entryPoints: { server: path.join(root, 'src/server.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: 'linked',
  outExtension: { '.js': '.js' },
  plugins: [externalPackages],
  logLevel: 'warning',
});
// The runner's spawner is started as its own process from a file beside the code.
fs.copyFileSync(path.join(root, 'src/modules/runner/runner.spawner-child.mjs'), path.join(outDir, 'runner.spawner-child.mjs'));
console.log(`server built into ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`);
