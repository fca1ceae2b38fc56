import katex from 'katex';
import 'katex/contrib/mhchem';
import { describe, expect, it } from 'vitest';
import { spokenMath } from './math-speech';

/** KaTeX's MathML of a formula, as the content renderer has it in the page. */
function mathOf(tex: string): Element {
  const host = document.createElement('div');
  host.innerHTML = katex.renderToString(tex, { throwOnError: false });
  const math = host.querySelector('.katex-mathml > math');
  if (!math) throw new Error(`no MathML for ${tex}`);
  return math;
}

describe('spokenMath', () => {
  it.each([
    ['\\frac{1}{2}mv^2', '1 over 2 m v squared'],
    ['E = mc^2', 'E equals m c squared'],
    ['a^3 + b^{n+1}', 'a cubed plus b to the power n plus 1 end power'],
    ['x_i', 'x sub i'],
    ['\\sqrt{2}', 'square root of 2'],
    ['\\sqrt{a+b}', 'square root of a plus b end root'],
    ['\\frac{a+b}{c}', 'fraction a plus b over c end fraction'],
    ['\\lambda = \\frac{h}{p}', 'lambda equals h over p'],
    ['\\Delta G < 0', 'capital delta G is less than 0'],
    ['\\pm 5\\%', 'plus or minus 5 percent'],
  ])('speaks %s as "%s"', (tex, spoken) => {
    expect(spokenMath(mathOf(tex), 'en')).toBe(spoken);
  });

  it('speaks chemistry: counts as numbers, charges as superscripts, arrows as words', () => {
    expect(spokenMath(mathOf('\\ce{H2O}'), 'en')).toBe('H 2 O');
    expect(spokenMath(mathOf('\\ce{N2 + 3H2 <=> 2NH3}'), 'en')).toMatch(/^N 2 plus 3 H 2 is in equilibrium with 2 N H 3$/);
    expect(spokenMath(mathOf('\\ce{Na+}'), 'en')).toBe('Na superscript plus');
  });

  it('speaks in Tamil when the interface is in Tamil', () => {
    expect(spokenMath(mathOf('\\frac{1}{2}mv^2'), 'tn')).toBe('1 வகுத்தல் 2 m v இருமடி');
    expect(spokenMath(mathOf('\\alpha + \\beta = \\pi'), 'tn')).toBe('ஆல்ஃபா கூட்டல் பீட்டா சமம் பை');
  });
});
