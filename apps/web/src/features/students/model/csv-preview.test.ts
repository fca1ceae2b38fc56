import { STUDENT_CSV_COLUMNS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { canImport, exampleCsvHref, parseInstitutionIds, problemsByRow } from './csv-preview';

describe('CSV preview', () => {
  it('groups the problems per row in file order', () => {
    const rows = problemsByRow([
      { row: 5, column: 'dob', message: 'bad date' },
      { row: 3, column: 'username', message: 'duplicate' },
      { row: 3, column: 'email', message: 'duplicate' },
    ]);
    expect(rows).toEqual([
      { row: 3, problems: [{ column: 'username', message: 'duplicate' }, { column: 'email', message: 'duplicate' }] },
      { row: 5, problems: [{ column: 'dob', message: 'bad date' }] },
    ]);
  });

  it('allows the import only for a checked file without errors', () => {
    expect(canImport(null)).toBe(false);
    expect(canImport({ total: 2, valid: 1, errors: [{ row: 2, column: 'phone', message: 'x' }], sample: [] })).toBe(false);
    expect(canImport({ total: 0, valid: 0, errors: [], sample: [] })).toBe(false);
    expect(canImport({ total: 2, valid: 2, errors: [], sample: [] })).toBe(true);
  });

  it('offers an example file with the template’s header', () => {
    const text = decodeURIComponent(exampleCsvHref().split(',').slice(1).join(','));
    expect(text.split('\n')[0]).toBe(STUDENT_CSV_COLUMNS.map((c) => c.name).join(','));
  });

  it('reads an institute id list', () => {
    expect(parseInstitutionIds('')).toEqual([]);
    expect(parseInstitutionIds('3, 4 4')).toEqual([3, 4]);
    expect(parseInstitutionIds('3,x')).toBeNull();
    expect(parseInstitutionIds('0')).toBeNull();
  });
});
