/**
 * An allow-list HTML sanitiser for short rich texts (an institution's welcome message).
 *
 * It rebuilds the output rather than filtering the input: only allow-listed tags with
 * allow-listed attributes are written back, every value is re-escaped, and everything else is
 * escaped as text — so markup the tokenizer does not understand can only ever come out as text.
 */

const ALLOWED_TAGS = new Set([
  'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'span', 'div',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'center',
]);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title',
  'xmp', 'svg', 'math', 'select', 'frameset', 'noembed', 'noframes', 'plaintext',
]);
const GLOBAL_ATTRIBUTES = new Set(['title', 'align']);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
};

const TAG_PATTERN =
  /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTRIBUTE_PATTERN = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITY_PATTERN = /^&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n' };

function decodeEntities(value: string): string {
  return value.replace(/&(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);?/g, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return safeCodePoint(parseInt(body.slice(2), 16)) ?? whole;
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10)) ?? whole;
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

function escapeText(value: string): string {
  return value.replace(/[<>"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

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

function sanitizeAttributes(tag: string, source: string): string {
  const allowed = TAG_ATTRIBUTES[tag];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const match of source.matchAll(ATTRIBUTE_PATTERN)) {
    const name = match[1]!.toLowerCase();
    if (seen.has(name) || !(GLOBAL_ATTRIBUTES.has(name) || allowed?.has(name))) continue;
    seen.add(name);
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (name === 'href' || name === 'src') {
      if (!isSafeUrl(value, name === 'src')) continue;
    } else if (name === 'target') {
      if (value !== '_blank') continue;
      out.push('target="_blank" rel="noopener noreferrer"');
      continue;
    } else if (['width', 'height', 'colspan', 'rowspan'].includes(name)) {
      if (!/^\d{1,4}%?$/.test(value)) continue;
    } else if (name === 'align') {
      if (!['left', 'right', 'center', 'justify'].includes(value.toLowerCase())) continue;
    }
    out.push(`${name}="${escapeAttribute(value)}"`);
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

export function sanitizeHtml(input: string): string {
  let out = '';
  let i = 0;
  const open: string[] = [];
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    const textEnd = lt === -1 ? input.length : lt;
    out += escapeTextKeepingEntities(input.slice(i, textEnd));
    if (lt === -1) break;
    i = lt;
    const rest = input.slice(i);
    if (rest.startsWith('<!--')) {
      const end = input.indexOf('-->', i + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    const match = TAG_PATTERN.exec(rest);
    if (!match) {
      // A "<" that does not start a well-formed tag is text.
      if (/^<[!?/a-zA-Z]/.test(rest)) {
        // Something tag-like but malformed (e.g. <!DOCTYPE>, <?php, a broken tag): drop it up to ">".
        const end = input.indexOf('>', i);
        i = end === -1 ? input.length : end + 1;
      } else {
        out += '&lt;';
        i += 1;
      }
      continue;
    }
    i += match[0].length;
    const isClosing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!isClosing) {
        const close = new RegExp(`</${tag}\\s*>`, 'i').exec(input.slice(i));
        i = close ? i + close.index + close[0].length : input.length;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (isClosing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag}${sanitizeAttributes(tag, match[3] ?? '')}>`;
    if (!VOID_TAGS.has(tag)) open.push(tag);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Escapes text, leaving well-formed entities (&amp;, &#39;) as they are and escaping bare "&". */
function escapeTextKeepingEntities(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '&') out += ENTITY_PATTERN.test(text.slice(i)) ? '&' : '&amp;';
    else out += escapeText(c);
  }
  return out;
}
