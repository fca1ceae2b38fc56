/**
 * Initial JavaScript of the exam player route, gzipped: the app entry plus the player page chunk
 * and every chunk they import statically (what the browser must load before the player shows).
 * Chunks the player loads through dynamic imports on every visit, before or as it first renders,
 * count as well (LOADED_WITH_PLAYER); chunks loaded only for some questions or actions (the code
 * and office editors, the report dialog's rule, charts) are not counted. Reads Vite's build manifest.
 *
 *   npm run build -w apps/web && npx tsx bench/web-bundle.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const BUDGET_BYTES = 250 * 1024;
const PLAYER_SOURCE = 'src/app/pages/test-player-page.tsx';
/**
 * Dynamically imported, but loaded on every visit of the player: its text namespaces (exam-routes.tsx
 * loads them with the page), the HTML sanitiser (safe-html.tsx) and the toaster (app.tsx).
 */
const LOADED_WITH_PLAYER = [
  'src/features/exam/locales.ts',
  'src/features/proctoring/locales.ts',
  'src/features/runner/locales.ts',
  'src/components/toaster.tsx',
  'node_modules/dompurify/',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No build manifest at ${path.relative(root, manifestPath)}: run "npm run build -w apps/web" first.`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
// When a chunk the page loads later imports from the page's chunk, Rollup keys that chunk by its
// file name (`_test-player-page-<hash>.js`) rather than by the page's source.
const playerKey =
  Object.keys(manifest).find((key) => manifest[key]!.src === PLAYER_SOURCE || key === PLAYER_SOURCE) ??
  Object.keys(manifest).find((key) => /^_test-player-page-[\w-]+\.js$/.test(key));
if (!entryKey || !playerKey) {
  console.error(`Entry (${entryKey}) or player chunk (${playerKey}) not found in the manifest.`);
  process.exit(2);
}

/** A chunk and everything it imports statically, transitively. */
function collect(key: string, seen: Set<string>) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) collect(imported, seen);
}

const keys = new Set<string>();
collect(entryKey, keys);
collect(playerKey, keys);
for (const source of LOADED_WITH_PLAYER) {
  const key = Object.keys(manifest).find((candidate) => candidate.includes(source));
  if (!key) {
    console.error(`${source} (loaded with the player) is not in the manifest: update LOADED_WITH_PLAYER.`);
    process.exit(2);
  }
  collect(key, keys);
}

let total = 0;
let raw = 0;
const rows: { file: string; raw: number; gzip: number }[] = [];
for (const key of keys) {
  const file = manifest[key]!.file;
  if (!file.endsWith('.js')) continue;
  const bytes = fs.readFileSync(path.join(dist, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  rows.push({ file, raw: bytes.length, gzip });
  total += gzip;
  raw += bytes.length;
}
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows) console.log(`${kb(row.gzip).padStart(10)} gzip  ${kb(row.raw).padStart(10)} raw  ${row.file}`);
console.log(`Player route initial JS: ${kb(total)} gzipped (${kb(raw)} raw) in ${rows.length} files; budget ${kb(BUDGET_BYTES)}.`);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
