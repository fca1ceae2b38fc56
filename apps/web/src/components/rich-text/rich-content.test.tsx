import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { loadMath } from './math';
import { RichContent } from './rich-content';

async function show(html: string) {
  await loadMath();
  const { container } = render(
    <Suspense fallback={<span>loading</span>}>
      <RichContent html={html} data-testid="content" />
    </Suspense>,
  );
  await screen.findByTestId('content');
  return container;
}

describe('RichContent', () => {
  it('renders an inline formula with KaTeX', async () => {
    const container = await show('<p>Energy: $E = mc^2$ and \\(a+b\\)</p>');
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
    expect(container.textContent).not.toContain('$E');
    expect(container.querySelector('annotation')?.textContent).toBe('E = mc^2');
  });

  it('renders displayed formulas', async () => {
    const container = await show('<p>$$\\frac{1}{2}$$</p><p>\\[x^2\\]</p>');
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
  });

  it('renders chemistry with \\ce', async () => {
    const container = await show('<p>Water is $\\ce{H2O}$.</p>');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('.katex-error')).toBeNull();
    expect(container.querySelector('annotation')?.textContent).toContain('\\ce{H2O}');
  });

  it('drops layout styles, style sheets and class names, so content cannot lay itself over the page', async () => {
    const overlay = '<a href="https://evil.example" class="MuiBackdrop-root" style="position:fixed;inset:0;top:0;left:0;z-index:99999;display:block;width:100vw;height:100vh;transform:none">Continue</a>';
    const container = await show(`<p style="text-align:center;float:left;color:red">Mid $x$</p>${overlay}<style>a { position: fixed }</style>`);
    const link = container.querySelector('a')!;
    expect(link.getAttribute('style')).toBeNull();
    expect(link.getAttribute('class')).toBeNull();
    expect(container.querySelector('style')).toBeNull();
    const paragraph = container.querySelector('p')!;
    expect(paragraph.style.textAlign).toBe('center');
    expect(paragraph.style.color).toBe('red');
    expect(paragraph.style.cssFloat).toBe('');
    expect(container.querySelector('.katex')).not.toBeNull();
  });

  it('strips scripts and event handlers from the HTML', async () => {
    const container = await show('<p onclick="alert(1)">Hi $x$</p><script>window.hacked = true</script><img src="x" onerror="alert(1)">');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('.katex')).not.toBeNull();
  });

  it('shows bad TeX as its source in an error style instead of failing', async () => {
    const container = await show('<p>Broken: $x^$ and fine: $y$</p>');
    const error = container.querySelector('.katex-error');
    expect(error).not.toBeNull();
    expect(error?.textContent).toContain('x^');
    expect(container.querySelectorAll('.katex')).toHaveLength(1);
  });

  it('leaves text without mathematics as it is', async () => {
    const container = await show('<p>Price 5 rupees</p>');
    expect(container.textContent).toBe('Price 5 rupees');
    expect(container.querySelector('.katex')).toBeNull();
  });
});
