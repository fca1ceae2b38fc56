import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every text the server sends is in a table of the contracts (messages, error tables, mail and
 * import texts), where the Tamil sits beside the English and a test checks both. So the server's
 * own sources hold no Tamil: demo data (seed), test fixtures and the example question files a
 * teacher downloads are content, not the server's words.
 */
const SRC = path.resolve(import.meta.dirname);
const CONTENT = [/\.test\.ts$/, /\/seed\//, /\/fixtures\//, /\/formats\/examples\.ts$/];
const TAMIL = /[\u0B80-\u0BFF]/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server texts', () => {
  it('live in the contracts: no source file of the server holds Tamil text', () => {
    const files = sources(SRC).filter((file) => !CONTENT.some((pattern) => pattern.test(file)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => TAMIL.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
