import { describe, expect, it } from 'vitest';
import { inlineHtml } from './blanks-answer';

describe('inlineHtml', () => {
  it('keeps an authored statement in the line of its blanks: paragraphs become breaks, formulas stay', () => {
    expect(inlineHtml('<p>Water is ')).toBe('Water is ');
    expect(inlineHtml('.</p><p>Its formula is $\\ce{H2O}$ ')).toBe('.<br>Its formula is $\\ce{H2O}$ ');
    expect(inlineHtml(' and salt is <strong>NaCl</strong>.</p>')).toBe(' and salt is <strong>NaCl</strong>.');
    expect(inlineHtml('Plain text, as older questions have it, ')).toBe('Plain text, as older questions have it, ');
  });
});
