import { describe, expect, it } from 'vitest';
import { plainTextPreview, sanitizeHtml, textPreview } from './html-sanitizer.js';

describe('sanitizeHtml', () => {
  it('keeps allow-listed formatting', () => {
    expect(sanitizeHtml('<p>Welcome <b>back</b>, <a href="https://example.org" target="_blank">site</a></p>')).toBe(
      '<p>Welcome <b>back</b>, <a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('drops scripts, styles and their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>Hi</p>');
    expect(sanitizeHtml('<SCRIPT >alert(1)</SCRIPT >ok')).toBe('ok');
  });

  it('drops event handlers and dangerous URLs', () => {
    expect(sanitizeHtml('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png" />');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java&#x09;script&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JAVASCRIPT:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toBe('<img />');
    expect(sanitizeHtml('<div style="background:url(javascript:x)" class="a">t</div>')).toBe('<div>t</div>');
  });

  it('escapes what is not a tag and closes what was left open', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; <b>bold')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; <b>bold</b>');
    expect(sanitizeHtml('<iframe src="https://evil"></iframe><unknown>text</unknown>')).toBe('text');
    expect(sanitizeHtml('<img src=x onerror=alert(1)//>')).toBe('<img src="x" />');
    expect(sanitizeHtml('<a href="x" title=\'"><script>\'>t</a>')).toBe('<a href="x" title="&quot;&gt;&lt;script&gt;">t</a>');
  });

  it('keeps the styles authored text needs and drops layout styles', () => {
    const overlay = '<a href="https://evil.example" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;display:block">Continue</a>';
    expect(sanitizeHtml(overlay)).toBe('<a href="https://evil.example">Continue</a>');
    expect(sanitizeHtml('<p style="text-align:center;position:absolute;inset:0;transform:scale(9);float:left">Mid</p>')).toBe('<p style="text-align:center">Mid</p>');
    expect(sanitizeHtml('<span style="color:#c00;background-color:rgb(255, 255, 0);font-weight:bold;font-style:italic;text-decoration:underline">Hi</span>')).toBe(
      '<span style="color:#c00;background-color:rgb(255, 255, 0);font-weight:bold;font-style:italic;text-decoration:underline">Hi</span>',
    );
    expect(sanitizeHtml('<span style="color:red;background-color:url(https://evil.example/x.png)">x</span>')).toBe('<span style="color:red">x</span>');
  });

  it('keeps formulas as text for the renderer', () => {
    expect(sanitizeHtml('<p>$$\\frac{1}{2} < x$$ and \\ce{H2O}</p>')).toBe('<p>$$\\frac{1}{2} &lt; x$$ and \\ce{H2O}</p>');
  });
});

describe('textPreview', () => {
  it('gives authored HTML as text with its formulas, blocks apart and spaces collapsed', () => {
    expect(textPreview('<p>Find <strong>x</strong>:</p><p>$\\frac{1}{2}$</p>', 100)).toBe('Find x: $\\frac{1}{2}$');
    expect(textPreview('<p>a<br>b</p><script>alert(1)</script>', 100)).toBe('a b');
  });

  it('keeps what it shows safe as HTML and never cuts inside an entity', () => {
    expect(textPreview('<p>1 &lt; 2 &amp; <img src=x onerror=alert(1)></p>', 100)).toBe('1 &lt; 2 &amp;');
    expect(textPreview('<p>ab &amp; cd</p>', 5)).toBe('ab…');
    expect(textPreview('<p>abcdef</p>', 3)).toBe('abc…');
  });
});

describe('plainTextPreview', () => {
  it('gives the text unescaped for files that are not HTML', () => {
    expect(plainTextPreview('<p>1 &lt; 2 &amp;amp; "x"</p>', 100)).toBe('1 < 2 &amp; "x"');
  });
});
