/**
 * Output comparison shared by the local runner and the Judge0 adapter: trailing whitespace on
 * each line, trailing blank lines and Windows line endings are ignored; everything else counts.
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

/**
 * A program's output as it came (bytes) or as text. Bytes are compared byte for byte with the
 * expected text's UTF-8: a NUL or a byte that is not UTF-8 never matches by decoding into
 * something the expected output happens to contain (U+FFFD). The rules above only touch ASCII,
 * so they apply alike to one character per byte.
 */
export function outputsMatch(actual: string | Buffer, expected: string): boolean {
  if (typeof actual === 'string') return normalizeOutput(actual) === normalizeOutput(expected);
  return normalizeOutput(actual.toString('latin1')) === normalizeOutput(Buffer.from(expected, 'utf8').toString('latin1'));
}
