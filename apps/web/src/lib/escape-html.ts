/** Text as HTML that shows it as written (what a student typed, shown through the content renderer). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
