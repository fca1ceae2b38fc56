import type { Config, DOMPurify } from 'dompurify';
import { AUTHORED_STYLES } from '@app/contracts';

/**
 * The one policy for authored HTML the web app renders (lessons, questions, options, hints,
 * explanations, instructions), applied by `SafeHtml` and `RichContent` through DOMPurify. It is
 * the server's rule too (apps/server/src/lib/html-sanitizer.ts): a `style` keeps only the
 * declarations text formatting needs; position, z-index, offsets, inset, transform, display,
 * float, sizes and everything else are dropped, as are style sheets, class names (the app's own
 * classes carry layout) and form controls, so content cannot lay itself over the page. Formulas
 * are text, typeset by KaTeX after sanitising, so its markup is not subject to this policy.
 */


export const HTML_POLICY: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea', 'dialog'],
  FORBID_ATTR: ['class'],
};

/** A `style` attribute reduced to the allowed declarations (read by the browser's own CSS parser), or '' when none is left. */
export function authoredStyle(value: string): string {
  const probe = document.createElement('span').style;
  probe.cssText = value;
  const kept: string[] = [];
  for (const [property, patterns] of Object.entries(AUTHORED_STYLES)) {
    const declared = probe.getPropertyValue(property).trim();
    if (declared && patterns.some((pattern) => pattern.test(declared))) kept.push(`${property}: ${declared}`);
  }
  return kept.join('; ');
}

const configured = new WeakSet<DOMPurify>();

/** Adds the style rule to a DOMPurify instance once; sanitise with `HTML_POLICY` after. */
export function withHtmlPolicy(purifier: DOMPurify): DOMPurify {
  if (configured.has(purifier)) return purifier;
  configured.add(purifier);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    data.attrValue = authoredStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  });
  return purifier;
}
