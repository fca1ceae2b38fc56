import { describe, expect, it } from 'vitest';
import { parseAllowedLanguages, stubFor } from './languages';

describe('parseAllowedLanguages', () => {
  it('keeps the listed languages in the product order', () => {
    expect(parseAllowedLanguages(['Ruby', 'C'])).toEqual(['C', 'Ruby']);
  });

  it('reads a comma string, with spaces and any case', () => {
    expect(parseAllowedLanguages('python, c++ ,JAVA')).toEqual(['C++', 'Java', 'Python']);
  });

  it('reads a list whose items are comma strings', () => {
    expect(parseAllowedLanguages(['C,Python', 'Ruby'])).toEqual(['C', 'Python', 'Ruby']);
  });

  it('treats * as every language, in a list or a string', () => {
    const all = ['C', 'C++', 'Java', 'Python', 'Ruby'];
    expect(parseAllowedLanguages('*')).toEqual(all);
    expect(parseAllowedLanguages(['Python', '*'])).toEqual(all);
  });

  it('treats nothing at all as every language, as the runner does', () => {
    expect(parseAllowedLanguages(null)).toHaveLength(5);
    expect(parseAllowedLanguages([])).toHaveLength(5);
    expect(parseAllowedLanguages(' , ')).toHaveLength(5);
  });

  it('drops names the runner does not know', () => {
    expect(parseAllowedLanguages(['Go', 'Python3', 'Python'])).toEqual(['Python']);
    expect(parseAllowedLanguages('Go')).toEqual([]);
  });
});

describe('stubFor', () => {
  const details = { codeStubs: { Python: 'a = input()\n', 'c++': '#include <iostream>\n' } };

  it('gives the stub of the language, matching its name without regard to case', () => {
    expect(stubFor(details, 'Python')).toBe('a = input()\n');
    expect(stubFor(details, 'C++')).toBe('#include <iostream>\n');
  });

  it('is empty when the question has no stub for the language', () => {
    expect(stubFor(details, 'Ruby')).toBe('');
    expect(stubFor(null, 'Ruby')).toBe('');
  });
});
