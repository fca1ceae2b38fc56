export { RichContent, type RichContentProps } from './rich-content';
export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
