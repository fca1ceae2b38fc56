/** The "confirmed by the server" mark: a filled disc with a tick, drawn inline (no icon component per entry). */
export function SavedMark({ title }: { title: string }) {
  return (
    <svg className="exam-palette-saved" viewBox="0 0 24 24" role="img">
      <title>{title}</title>
      <circle cx="12" cy="12" r="11" strokeWidth="2" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
