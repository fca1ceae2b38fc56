/** Spec 001 §5: a comprehensive answer is truncated to lineNumber lines ("Exceeds maximum line"). */
export function truncateLines(text: string, lineNumber: number | null): { text: string; isTruncated: boolean } {
  if (!lineNumber || lineNumber <= 0) return { text, isTruncated: false };
  const lines = text.split('\n');
  if (lines.length <= lineNumber) return { text, isTruncated: false };
  return { text: lines.slice(0, lineNumber).join('\n'), isTruncated: true };
}
