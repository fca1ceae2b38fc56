import { describe, expect, it } from 'vitest';
import { editorVariantFor } from './editor-variant';

describe('editorVariantFor', () => {
  it('maps the exam’s IsEditorAllowed to the enhanced editor, and its absence to the standard one', () => {
    expect(editorVariantFor(true)).toBe('enhanced');
    expect(editorVariantFor(false)).toBe('standard');
  });
});
