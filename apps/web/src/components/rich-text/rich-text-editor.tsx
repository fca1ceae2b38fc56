import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import i18n from 'i18next';
import type { RichTextEditorProps } from './rich-text-editor.types';

export type { RichTextEditorProps } from './rich-text-editor.types';

// Tiptap (ProseMirror) is its own chunk with the editor's texts, loaded only where content is
// written, so that no student page carries it.
const TiptapEditor = lazy(async () => {
  const [module] = await Promise.all([import('./tiptap-editor'), i18n.loadNamespaces('richText')]);
  return { default: module.TiptapEditor };
});

/**
 * The editor for authored content (lessons, questions, options, explanations). Produces HTML;
 * images and videos are uploaded through `POST /api/teacher/v1/uploadfile` and inserted as links
 * to the file store; formulas are TeX between `$…$` or `$$…$$`, shown by RichContent.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Box aria-busy="true">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {props.label}
          </Typography>
          <Skeleton variant="rounded" height={(props.minRows ?? 4) * 24 + 48} />
        </Box>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}
