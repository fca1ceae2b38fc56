/** The props of the rich text editor, apart from its lazy wrapper so that the editor chunk never imports the wrapper. */
export interface RichTextEditorProps {
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  label: string;
  id?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** Lines of space the editor takes before it grows. */
  minRows?: number;
  /** Tamil text is typed in this editor too: the language of its content, for lang and spell-check. */
  lang?: 'en' | 'ta';
}
