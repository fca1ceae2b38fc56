import { academyManageRoutes } from '@app/contracts';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import FunctionsIcon from '@mui/icons-material/Functions';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import SubscriptIcon from '@mui/icons-material/Subscript';
import SuperscriptIcon from '@mui/icons-material/Superscript';
import TitleIcon from '@mui/icons-material/Title';
import VideocamIcon from '@mui/icons-material/Videocam';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { callApi } from '../../lib/api-client';
import { describeError } from '../../lib/error-message';
import { Subscript, Superscript, Video } from './editor-extensions';
import { useRovingToolbar } from '../../hooks/use-roving-toolbar';
import { FormulaDialog, LinkDialog } from './editor-dialogs';
import { RichContent } from './rich-content';
import type { RichTextEditorProps } from './rich-text-editor.types';

interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isActive?: boolean;
  disabled?: boolean;
}

function ToolButton({ label, icon, onClick, isActive, disabled }: ToolButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={isActive === undefined ? undefined : isActive}
          onClick={onClick}
          disabled={disabled}
          color={isActive ? 'primary' : 'default'}
          // Keeps the selection in the editor while a button is clicked with the mouse.
          onMouseDown={(event) => event.preventDefault()}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

type Upload = 'image' | 'video';
const ACCEPT: Record<Upload, string> = { image: 'image/png,image/jpeg', video: 'video/mp4,video/webm,video/ogg' };

/** Sends a file to the editor upload call; answers the file's stable address. */
async function uploadFile(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('file', file);
  return (await callApi(academyManageRoutes.uploadFile, { formData })).url;
}

/** The Tiptap editor behind RichTextEditor; its own chunk, loaded only where content is written. */
export function TiptapEditor({ value, onChange, label, id, error, helperText, disabled, minRows = 4, lang }: RichTextEditorProps) {
  const { t } = useTranslation('richText');
  const labelId = useId();
  const helperId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadKind, setUploadKind] = useState<Upload>('image');
  const [isUploading, setIsUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'link' | 'formula' | null>(null);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const lastEmitted = useRef(value);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true, protocols: ['https', 'http'] } }),
      Image,
      Subscript,
      Superscript,
      Video,
    ],
    content: value,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(helperText || uploadError ? { 'aria-describedby': helperId } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(lang ? { lang } : {}),
        spellcheck: 'true',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChange(html);
    },
  });

  // A value set from outside (a form reset, another record) replaces the content.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Without `false`, Tiptap announces an update here: the form would take the content, as the
  // editor normalised it, for a change the user never made.
  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const chain = () => editor!.chain().focus();
  const pickFile = (kind: Upload) => {
    setUploadKind(kind);
    // The input's accept list follows the kind before it opens.
    queueMicrotask(() => fileInput.current?.click());
  };

  async function handleFile(file: File | undefined) {
    if (!file || !editor) return;
    setIsUploading(true);
    setUploadError(null);
    try {
      const url = await uploadFile(file);
      if (uploadKind === 'image') chain().setImage({ src: url, alt: file.name }).run();
      else chain().insertContent({ type: 'video', attrs: { src: url } }).run();
    } catch (caught) {
      const described = describeError(caught);
      setUploadError('text' in described ? described.text : t('uploadFailed'));
    } finally {
      setIsUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const toolbar = useRovingToolbar<HTMLDivElement>();
  const isActive = (name: string, attributes?: Record<string, unknown>) => editor?.isActive(name, attributes) ?? false;
  const isDisabled = disabled || !editor;
  const shownHelper = uploadError ?? helperText;

  return (
    <Box>
      <Typography id={labelId} component="div" variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
        }}
      >
        <Box ref={toolbar.ref} onKeyDown={toolbar.onKeyDown} onFocus={toolbar.onFocus} role="toolbar" aria-label={`${t('toolbar')}: ${label}`} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <ToolButton label={t('bold')} icon={<FormatBoldIcon />} isActive={isActive('bold')} disabled={isDisabled} onClick={() => chain().toggleBold().run()} />
          <ToolButton label={t('italic')} icon={<FormatItalicIcon />} isActive={isActive('italic')} disabled={isDisabled} onClick={() => chain().toggleItalic().run()} />
          <ToolButton label={t('underline')} icon={<FormatUnderlinedIcon />} isActive={isActive('underline')} disabled={isDisabled} onClick={() => chain().toggleUnderline().run()} />
          <ToolButton label={t('subscript')} icon={<SubscriptIcon />} isActive={isActive('subscript')} disabled={isDisabled} onClick={() => chain().toggleMark('subscript').run()} />
          <ToolButton label={t('superscript')} icon={<SuperscriptIcon />} isActive={isActive('superscript')} disabled={isDisabled} onClick={() => chain().toggleMark('superscript').run()} />
          <Divider orientation="vertical" flexItem />
          <ToolButton label={t('heading')} icon={<TitleIcon />} isActive={isActive('heading', { level: 3 })} disabled={isDisabled} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
          <ToolButton label={t('bulletList')} icon={<FormatListBulletedIcon />} isActive={isActive('bulletList')} disabled={isDisabled} onClick={() => chain().toggleBulletList().run()} />
          <ToolButton label={t('orderedList')} icon={<FormatListNumberedIcon />} isActive={isActive('orderedList')} disabled={isDisabled} onClick={() => chain().toggleOrderedList().run()} />
          <Divider orientation="vertical" flexItem />
          <ToolButton label={t('link')} icon={<LinkIcon />} isActive={isActive('link')} disabled={isDisabled} onClick={() => setDialog('link')} />
          <ToolButton label={t('image')} icon={<ImageIcon />} disabled={isDisabled || isUploading} onClick={() => pickFile('image')} />
          <ToolButton label={t('video')} icon={<VideocamIcon />} disabled={isDisabled || isUploading} onClick={() => pickFile('video')} />
          <ToolButton label={t('formula')} icon={<FunctionsIcon />} disabled={isDisabled} onClick={() => setDialog('formula')} />
          <ToolButton label={t('preview')} icon={<VisibilityIcon />} isActive={isPreviewOpen} onClick={() => setIsPreviewOpen((open) => !open)} />
          {isUploading && <CircularProgress size={20} aria-label={t('uploading')} sx={{ ml: 1 }} />}
        </Box>
        <Box
          sx={{
            px: 1.5,
            py: 1,
            cursor: 'text',
            '& .tiptap': { minHeight: `${minRows * 1.5}em`, outline: 'none' },
            '& .tiptap img, & .tiptap video': { maxWidth: '100%' },
            '& .tiptap p': { my: 0.5 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <input ref={fileInput} type="file" hidden accept={ACCEPT[uploadKind]} onChange={(event) => void handleFile(event.target.files?.[0])} />
      {shownHelper && (
        <FormHelperText id={helperId} error={error || Boolean(uploadError)}>
          {shownHelper}
        </FormHelperText>
      )}
      {isPreviewOpen && (
        <Box component="section" aria-label={t('previewTitle')} sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }}>
          <Suspense fallback={<CircularProgress size={20} />}>
            <RichContent html={value} />
          </Suspense>
        </Box>
      )}
      {editor && dialog === 'link' && <LinkDialog editor={editor} onClose={() => setDialog(null)} />}
      {editor && dialog === 'formula' && <FormulaDialog onInsert={(tex) => insertFormula(editor, tex)} onClose={() => setDialog(null)} />}
    </Box>
  );
}

function insertFormula(editor: Editor, tex: string) {
  // As text, so that `<` in a formula is not read as HTML.
  editor.chain().focus().insertContent({ type: 'text', text: tex }).run();
}
