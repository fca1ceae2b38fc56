import { describe, expect, it } from 'vitest';
import { DOUBLE_ARRAY, generalReaderOf, INTEGER_ARRAY, numberArrayReader } from './number-arrays.js';

describe('numberArrayReader', () => {
  const general = generalReaderOf(DOUBLE_ARRAY);
  const read = numberArrayReader(general);

  it('reads what the general reader reads, for plain numbers and for the rest', () => {
    for (const text of ['{}', '{4}', '{4,-1,0.25,1e+21,-0}', '{NaN,Infinity,-Infinity}', '{1,NULL,3}', '{NULL}', '{{1,2},{3,4}}', '{1.5e-07,2}']) {
      expect(read(text)).toEqual(general(text));
    }
  });

  it('gives NULL elements as null through the general reader', () => {
    expect(read('{1,NULL}')).toEqual([1, null]);
  });

  it('reads integer arrays as pg does', () => {
    const integers = generalReaderOf(INTEGER_ARRAY);
    for (const text of ['{}', '{1001,1002,-3}', '{7,NULL}']) expect(numberArrayReader(integers)(text)).toEqual(integers(text));
  });
});
