import sanitize from 'sanitize-html';
import { AUTHORED_STYLES } from '@app/contracts';

/**
 * The one allow-list for authored HTML the server stores or serves (lesson texts, test
 * instructions, course packages, an institution's welcome message), with sanitize-html
 * (htmlparser2 and postcss). Only allow-listed tags and attributes are written back, URLs are
 * http(s), mailto, relative or (for images) inline raster pictures, and a `style` keeps only the
 * declarations text formatting needs (AUTHORED_STYLES): position, z-index, offsets, inset,
 * transform, display, float, sizes and the like are dropped, so authored content cannot lay itself
 * over the page. The web app applies the same style rule when it renders (apps/web/src/lib/html-policy.ts).
 * Formulas are text (`$…$`, `\ce{…}`) and pass as text.
 */

const ALLOWED_TAGS = [
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'span', 'div',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'center',
];
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title',
  'xmp', 'svg', 'math', 'select', 'frameset', 'noembed', 'noframes', 'plaintext', 'option',
];


/** http(s), mailto, relative links and (for images) inline raster images only. */
function isSafeUrl(raw: string, isImage: boolean): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value.startsWith('/') || value.startsWith('#') || value.startsWith('?')) return true;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return !value.includes(':');
  if (scheme === 'http' || scheme === 'https') return true;
  if (scheme === 'mailto') return !isImage;
  if (scheme === 'data') return isImage && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i.test(value);
  return false;
}

const NUMBER_OR_PERCENT = /^\d{1,4}%?$/;

/** Values sanitize-html cannot check by itself: sizes, alignment, link targets, URLs. */
function checkAttributes(tagName: string, attribs: sanitize.Attributes): sanitize.Attributes {
  const out: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (['width', 'height', 'colspan', 'rowspan'].includes(name) && !NUMBER_OR_PERCENT.test(value)) continue;
    if (name === 'align' && !['left', 'right', 'center', 'justify'].includes(value.toLowerCase())) continue;
    if ((name === 'href' || name === 'src') && !isSafeUrl(value, tagName === 'img')) continue;
    if (name === 'rel') continue;
    if (name === 'target' && value !== '_blank') continue;
    out[name] = value;
    if (name === 'target') out.rel = 'noopener noreferrer';
  }
  return out;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['title', 'align', 'style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': AUTHORED_STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: true,
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: checkAttributes(tagName, attribs) }) },
};

/** Authored HTML, sanitised by the one configuration above. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS);
}

const TEXT_ONLY: sanitize.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_WITH_CONTENT };
/** Block ends that read as a space once the tags are gone ("<p>a</p><p>b</p>" is "a b"). */
const BLOCK_END = /<\/(p|div|li|h[1-6]|td|th|tr|blockquote)>|<br\s*\/?>/gi;

/**
 * The first `maxChars` characters of authored HTML as text for a list row: tags dropped, spaces
 * collapsed, entities kept escaped (the result is safe as HTML, and its formulas are text the web
 * typesets), never cut inside an entity.
 */
export function textPreview(input: string, maxChars: number): string {
  const text = sanitize(input.replace(BLOCK_END, (end) => `${end} `), TEXT_ONLY).replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  return text.slice(0, maxChars).replace(/&[#a-z0-9]*$/i, '').trimEnd() + '…';
}

const ESCAPED: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
/** As `textPreview`, unescaped, for files that are not HTML (CSV, spreadsheets, PDF). */
export function plainTextPreview(input: string, maxChars: number): string {
  return textPreview(input, maxChars).replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ESCAPED[entity]!);
}
