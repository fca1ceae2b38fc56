import { describe, expect, it } from 'vitest';
import { truncateLines } from '../../../question-kinds/comprehensive/line-limit';
import { blankValues, blanksAnswerId, parseBlanks } from '../../../question-kinds/text/blank-shape';
import { deadlineFromRemaining, formatCountdown, secondsUntil } from './countdown';

describe('blanks', () => {
  it('gives one blank per {0} marker with ids questionID-index', () => {
    expect(parseBlanks(9, 'Water boils at {0} °C and freezes at {0} °C.')).toEqual([
      { kind: 'text', text: 'Water boils at ' },
      { kind: 'blank', index: 0, id: '9-0' },
      { kind: 'text', text: ' °C and freezes at ' },
      { kind: 'blank', index: 1, id: '9-1' },
      { kind: 'text', text: ' °C.' },
    ]);
    expect(parseBlanks(9, '{0}{0}').filter((s) => s.kind === 'blank')).toHaveLength(2);
    expect(parseBlanks(9, 'No blanks')).toEqual([{ kind: 'text', text: 'No blanks' }]);
  });

  it('fills missing values and sets answerID to none when every blank is empty', () => {
    const values = blankValues(9, 2, [{ id: '9-1', value: 'x' }]);
    expect(values).toEqual([
      { id: '9-0', value: '' },
      { id: '9-1', value: 'x' },
    ]);
    expect(blanksAnswerId(values)).toBe('text');
    expect(blanksAnswerId(blankValues(9, 2, null))).toBeNull();
    expect(blanksAnswerId([{ id: '9-0', value: '  ' }])).toBeNull();
  });
});

describe('line limit', () => {
  it('truncates to lineNumber lines', () => {
    expect(truncateLines('a\nb\nc', 2)).toEqual({ text: 'a\nb', isTruncated: true });
    expect(truncateLines('a\nb', 2)).toEqual({ text: 'a\nb', isTruncated: false });
    expect(truncateLines('a\nb\nc', null)).toEqual({ text: 'a\nb\nc', isTruncated: false });
  });
});

describe('countdown', () => {
  it('formats mm : ss below an hour and hh : mm : ss from an hour', () => {
    expect(formatCountdown(0)).toBe('00 : 00');
    expect(formatCountdown(59)).toBe('00 : 59');
    expect(formatCountdown(61)).toBe('01 : 01');
    expect(formatCountdown(3599)).toBe('59 : 59');
    expect(formatCountdown(3600)).toBe('01 : 00 : 00');
    expect(formatCountdown(3 * 3600 + 20 * 60 + 5)).toBe('03 : 20 : 05');
    expect(formatCountdown(-5)).toBe('00 : 00');
  });

  it('counts down from a deadline computed from the server remaining time', () => {
    const now = 5_000_000;
    const deadline = deadlineFromRemaining(90, now);
    expect(secondsUntil(deadline, now)).toBe(90);
    expect(secondsUntil(deadline, now + 30_500)).toBe(60);
    expect(secondsUntil(deadline, now + 200_000)).toBe(0);
  });
});
