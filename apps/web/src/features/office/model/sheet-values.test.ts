import { describe, expect, it } from 'vitest';
import { restoreNumbers } from './sheet-values';

describe('restoreNumbers', () => {
  it('turns numbers read as text back into numbers in general and number cells', () => {
    const sheets = [
      {
        celldata: [
          { v: { v: 'Marks', ct: { t: 'g', fa: 'General' } } },
          { v: { v: '78', ct: { t: 'g', fa: 'General' } } },
          { v: { v: '-1.5e3', ct: { t: 'n', fa: '0.00' } } },
          { v: { v: ' 65 ' } },
          { v: { v: '0712', ct: { t: 's', fa: '@' } } },
          { v: { v: '12', ct: { t: 'g', fa: '@' } } },
          { v: { v: '130', f: '=SUM(A2:A6)', ct: { t: 'n' } } },
          { v: { v: '1,234', ct: { t: 'g' } } },
          { v: null },
        ],
      },
    ];
    const values = restoreNumbers(sheets)[0]!.celldata.map((entry) => entry.v?.v);
    expect(values).toEqual(['Marks', 78, -1500, 65, '0712', '12', '130', '1,234', undefined]);
  });
});
