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

// Each file is written beside its final name and renamed over it (fixed names): a process started
// from dist keeps working during a rebuild, and two builds at once (the end-to-end suite starts a
// server per worker) never let a server read a half-written bundle.
fs.mkdirSync(outDir, { recursive: true });
const started = performance.now();
const replace = (file, contents) => {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
};
const { outputFiles } = await build({
  // Worker threads (the office evaluator, the question-file and roster importers, item calibration) are bundles of their own, started from beside server.js.
  // `npm run bootstrap` (the first administrator) and `npm run centre:pair` are bundles of their own too.
  entryPoints: {
    server: path.join(root, 'src/server.ts'),
    'office-worker': path.join(root, 'src/modules/office/office.worker.ts'),
    'import-worker': path.join(root, 'src/modules/question-bank/question-bank.import-worker.ts'),
    'first-admin': path.join(root, 'src/first-admin.ts'),
    'centre-pair': path.join(root, 'src/centre-pair.ts'),
    'roster-worker': path.join(root, 'src/modules/students/students.roster-worker.ts'),
    'calibration-worker': path.join(root, 'src/modules/psychometrics/psychometrics.worker.ts'),
  },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: 'linked',
  outExtension: { '.js': '.js' },
  plugins: [externalPackages],
  logLevel: 'warning',
  write: false,
});
for (const file of outputFiles) replace(file.path, file.contents);
// Files the code finds beside itself (new URL('./…', import.meta.url)): the runner's spawner,
// started as its own process, with the step launcher it imports, and the seccomp filter's
// generator, compiled at start.
const BESIDE_THE_CODE = ['src/modules/runner/runner.spawner-child.mjs', 'src/modules/runner/runner.launch.mjs', 'src/modules/runner/runner.seccomp-filter.c'];
for (const file of BESIDE_THE_CODE) replace(path.join(outDir, path.basename(file)), fs.readFileSync(path.join(root, file)));
console.log(`server built into ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`);
