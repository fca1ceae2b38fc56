/** Splits an axis label into lines of at most `width` characters (a word longer than that is cut with "…"). */
export function wrapLabel(text: string, width: number, maxLines = 2): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const kept = lines.slice(0, maxLines).map((item) => (item.length > width ? `${item.slice(0, width - 1)}…` : item));
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1)}…`;
  return kept;
}
