import { describe, expect, it } from 'vitest';
import * as contracts from '../index.js';
import { asWritten, fillTemplate, fillText, joinTexts, textIn } from './texts.js';

const isLocalized = (value: unknown): value is { en: string; tn: string } =>
  typeof value === 'object' && value !== null && typeof (value as { en?: unknown }).en === 'string' && typeof (value as { tn?: unknown }).tn === 'string';

/** Every exported table whose entries are all texts in both languages (mails, import and package messages, …). */
const tables = Object.entries(contracts).filter(
  ([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).length > 0 && Object.values(value).every(isLocalized),
) as [string, Record<string, { en: string; tn: string }>][];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('text tables', () => {
  it('are found among the exports (the server sends none of its own)', () => {
    const names = tables.map(([name]) => name);
    for (const name of ['AUTH_MAIL_TEXTS', 'STUDENTS_MAIL_TEXTS', 'SUPPORT_MAIL_TEXTS', 'CHALLENGES_MAIL_TEXTS', 'DIGEST_TEXTS', 'IMPORT_MESSAGES', 'PACKAGE_MESSAGES', 'UPLOAD_MESSAGES', 'OMR_PAGE_MESSAGES', 'OFFICE_TEXTS', 'EQUATING_EXPORT_TEXTS'])
      expect(names).toContain(name);
  });

  it('give every text in both languages, with the same placeholders in each', () => {
    for (const [name, table] of tables)
      for (const [key, text] of Object.entries(table)) {
        expect(text.en.trim(), `${name}.${key}.en`).not.toBe('');
        expect(text.tn.trim(), `${name}.${key}.tn`).not.toBe('');
        expect(placeholders(text.tn), `${name}.${key}: placeholders of the Tamil`).toEqual(placeholders(text.en));
      }
  });
});

describe('fillText', () => {
  it('fills each placeholder in both languages and leaves one without a value as written', () => {
    expect(fillText({ en: '{path} is larger than {mb} MB', tn: '{path} {mb} MB-ஐ விடப் பெரியது' }, { path: 'a.pdf', mb: 5 })).toEqual({ en: 'a.pdf is larger than 5 MB', tn: 'a.pdf 5 MB-ஐ விடப் பெரியது' });
    expect(fillTemplate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('does not read a value as a template or as a replacement pattern', () => {
    expect(fillTemplate('Hello {name}', { name: '{name} $& $1' })).toBe('Hello {name} $& $1');
    expect(textIn({ en: 'Dear {name},', tn: 'அன்புள்ள {name},' }, 'tn', { name: 'Priya' })).toBe('அன்புள்ள Priya,');
  });

  it('takes only the text’s own values, not those an object inherits', () => {
    expect(fillTemplate('{toString}', {})).toBe('{toString}');
  });
});

describe('joinTexts and asWritten', () => {
  it('joins a message and where it applies language by language', () => {
    expect(joinTexts({ en: 'Not a number.', tn: 'எண் அல்ல.' }, { en: ' (line 4)', tn: ' (வரி 4)' })).toEqual({ en: 'Not a number. (line 4)', tn: 'எண் அல்ல. (வரி 4)' });
  });

  it('carries a text already in the reader’s language as it is in both', () => {
    expect(asWritten('title: கேள்வி தேவை')).toEqual({ en: 'title: கேள்வி தேவை', tn: 'title: கேள்வி தேவை' });
  });
});
