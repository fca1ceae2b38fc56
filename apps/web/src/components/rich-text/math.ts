import type { Language } from '@app/contracts';
import type { RenderMathInElementOptions } from 'katex/contrib/auto-render';

type RenderMath = (element: HTMLElement, options?: RenderMathInElementOptions) => void;

/** `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` displayed (the longer delimiter first). */
export const MATH_DELIMITERS: RenderMathInElementOptions['delimiters'] = [
  { left: '$$', right: '$$', display: true },
  { left: '\\[', right: '\\]', display: true },
  { left: '\\(', right: '\\)', display: false },
  { left: '$', right: '$', display: false },
];

/** Whether the text may hold mathematics; content without any delimiter never loads KaTeX. */
export function hasMath(html: string): boolean {
  return /\$|\\\(|\\\[/.test(html);
}

let renderMath: RenderMath | null = null;
let speakMath: typeof import('./math-speech').spokenMath | null = null;
let loading: Promise<RenderMath> | null = null;

/**
 * KaTeX, its chemistry extension (`\ce{}`), its auto-render, its stylesheet and the formulas'
 * speech, as their own chunk: loaded the first time content with mathematics is shown, never in a
 * page's first JavaScript.
 */
export function loadMath(): Promise<RenderMath> {
  if (loading) return loading;
  const promise: Promise<RenderMath> & { status?: 'fulfilled'; value?: RenderMath } = Promise.all([
    import('katex/contrib/auto-render'),
    import('katex/contrib/mhchem'),
    import('katex/dist/katex.min.css'),
    import('./math-speech'),
  ]).then(([autoRender, , , speech]) => {
    speakMath = speech.spokenMath;
    renderMath = autoRender.default;
    // Marked as React marks the promises it has seen settle: `use` then returns the value at once,
    // in any component, without suspending again.
    Object.assign(promise, { status: 'fulfilled', value: renderMath });
    return renderMath;
  });
  // A failed load (the network gone) is not kept: the next showing tries again.
  promise.catch(() => {
    if (loading === promise) loading = null;
  });
  loading = promise;
  return loading;
}

/**
 * Typesets the mathematics in an element that already holds sanitised HTML. Bad TeX is left as
 * its source in an error style (KaTeX's `katex-error`), never thrown.
 */
export function typesetMath(render: RenderMath, element: HTMLElement): void {
  render(element, {
    delimiters: MATH_DELIMITERS,
    throwOnError: false,
    errorColor: '#b3261e',
    // Code and editable text are shown as typed.
    ignoredTags: ['script', 'noscript', 'style', 'textarea', 'pre', 'code', 'option'],
    trust: false,
    strict: 'ignore',
  });
}

/** Gives each typeset formula's MathML its spoken text, in the interface's language, as its accessible name. */
export function nameMath(element: HTMLElement, language: Language): void {
  if (!speakMath) return;
  for (const math of element.querySelectorAll('.katex-mathml > math')) math.setAttribute('aria-label', speakMath(math, language));
}
