import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One form-field kit (decisions 016, 100): a react-hook-form form draws its fields with
 * `components/form` (FormTextField, FormSelectField, FormSwitchField, …), which wire labels, helper
 * texts and the schema's messages. A form that wires MUI inputs to react-hook-form itself fails
 * this test: add what it needs to the kit instead.
 */
const STILL_WIRING_THEIR_OWN_FIELDS: string[] = [];

const FEATURES = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.dirname(FEATURES);
/** The second kit that took MUI props and translated labels (`components/form-text-field.tsx`, …), gone for good. */
const OLD_KIT_FILE = /^form-[a-z-]+-field\.tsx?$/;
const OLD_KIT_MODULE = /^components\/form-[a-z-]+-field$/;
const RELATIVE_IMPORT = /from '(\.[^']*)'/g;
const MUI_INPUT = /from '@mui\/material\/(TextField|Select|Checkbox|Autocomplete|Switch|RadioGroup)'/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('one form-field kit: components/form only', () => {
  it('keeps no second kit of form fields beside components/form', () => {
    const components = fs.readdirSync(path.join(SRC, 'components'));
    expect(components.filter((name) => OLD_KIT_FILE.test(name))).toEqual([]);
  });

  it('imports form fields from components/form only', () => {
    const toSrc = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
    const importing = sourceFiles(SRC)
      .filter((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].some((match) => OLD_KIT_MODULE.test(toSrc(path.resolve(path.dirname(file), match[1]!)))),
      )
      .map(toSrc);
    expect(importing).toEqual([]);
  });
});

describe('one form-field kit', () => {
  const forms = sourceFiles(FEATURES).filter((file) => fs.readFileSync(file, 'utf8').includes("from 'react-hook-form'"));

  it('finds the features’ forms, so that the scan itself works', () => {
    expect(forms.length).toBeGreaterThan(10);
  });

  it('draws react-hook-form fields with components/form, but for the listed forms', () => {
    const wiring = forms.filter((file) => MUI_INPUT.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(FEATURES, file).split(path.sep).join('/'));
    expect(wiring.sort()).toEqual(STILL_WIRING_THEIR_OWN_FIELDS);
  });
});
