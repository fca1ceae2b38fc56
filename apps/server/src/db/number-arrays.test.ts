import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { numberArrayReader } from './number-arrays.js';

describe('numberArrayReader', () => {
  const general = pg.types.getTypeParser(1022, 'text') as (text: string) => unknown;
  const read = numberArrayReader(general);

  it('reads what the general reader reads, for plain numbers and for the rest', () => {
    for (const text of ['{}', '{4}', '{4,-1,0.25,1e+21,-0}', '{NaN,Infinity,-Infinity}', '{1,NULL,3}', '{NULL}', '{{1,2},{3,4}}', '{1.5e-07,2}']) {
      expect(read(text)).toEqual(general(text));
    }
  });

  it('gives NULL elements as null through the general reader', () => {
    expect(read('{1,NULL}')).toEqual([1, null]);
  });
});
