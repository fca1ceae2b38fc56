/**
 * The two code editor variants (spec 001 §6: IsEditorAllowed chooses between them). `enhanced`
 * (IsEditorAllowed on) adds editing aids — bracket matching and auto-closing, code folding, the
 * active line, auto-indent — and ten themes; `standard` is a plain code editor with nine.
 * Kept apart from the themes so that the player can choose a variant without loading the editor.
 */
export type EditorVariant = 'enhanced' | 'standard';

export function editorVariantFor(isEditorAllowed: boolean): EditorVariant {
  return isEditorAllowed ? 'enhanced' : 'standard';
}
