// Writes the module graph of docs/architecture.md from the modules' declarations in src/services.ts
// (between its module-graph markers); src/module-graph.test.ts fails while the two differ.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraphMermaid } from '../src/module-graph.js';
import { MODULES } from '../src/services.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/architecture.md');
const doc = fs.readFileSync(file, 'utf8');
const block = `<!-- module-graph:start -->\n\`\`\`mermaid\n${moduleGraphMermaid(MODULES)}\n\`\`\`\n<!-- module-graph:end -->`;
const pattern = /<!-- module-graph:start -->[\s\S]*?<!-- module-graph:end -->/;
if (!pattern.test(doc)) throw new Error('docs/architecture.md has no module-graph markers');
fs.writeFileSync(file, doc.replace(pattern, block));
console.warn('docs/architecture.md: module graph written');
