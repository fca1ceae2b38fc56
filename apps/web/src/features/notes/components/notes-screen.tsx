import type { Note } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useLocation, useNavigate, useParams } from 'react-router';
import { labelActionsOf } from '../../../components/workspace/label-actions';
import { LabelManagerDialog } from '../../../components/workspace/label-manager-dialog';
import { ListStatus } from '../../../components/workspace/list-status';
import { SidebarLayout } from '../../../components/workspace/sidebar-layout';
import { PageCard } from '../../../components/layout/page-card';
import { useCreateNoteLabel, useDeleteNote, useDeleteNoteLabel, useEditNote, useEditNoteLabel, useNoteLabels, useNotes } from '../api/notes-api';
import { notesInView, resolveNotesView } from '../model/notes-view';
import { NoteCard } from './note-card';
import { NoteCreateDialog } from './note-create-dialog';
import { NoteEditDialog } from './note-edit-dialog';
import { NotesSidebar } from './notes-sidebar';
import { paths } from '../../../config/paths';

/** The notes screen: Keep's sidebar, "Take a note…", and the pinned/others masonry grid. */
export function NotesScreen() {
  const { t } = useTranslation('notes');
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = resolveNotesView(pathname, params);
  const notes = useNotes();
  const labels = useNoteLabels();
  const editNote = useEditNote({ isQuiet: true });
  const deleteNote = useDeleteNote();
  const createLabel = useCreateNoteLabel();
  const renameLabel = useEditNoteLabel();
  const deleteLabel = useDeleteNoteLabel();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [isLabelsOpen, setIsLabelsOpen] = useState(false);
  const [openedId, setOpenedId] = useState<number | null>(null);

  const labelList = labels.data ?? [];
  const shown = useMemo(() => notesInView(notes.data ?? [], view), [notes.data, view]);
  const routeNoteId = view.kind !== 'label' ? view.openNoteId : undefined;
  const editingId = openedId ?? routeNoteId ?? null;
  const editing = (notes.data ?? []).find((note) => note.id === editingId) ?? null;
  const currentLabel = view.kind === 'label' ? labelList.find((label) => label.id === view.labelId) : undefined;
  const heading = view.kind === 'archive' ? t('archiveTitle') : currentLabel ? currentLabel.name : t('title');
  const pinned = shown.filter((note) => note.pinned);
  const others = shown.filter((note) => !note.pinned);

  function handleCloseEditor() {
    setOpenedId(null);
    if (routeNoteId) void navigate(paths.workspace.notes.getHref(), { replace: true });
  }

  const grid = (items: Note[]) => (
    <Box sx={{ columnCount: { xs: 1, sm: 2, lg: 3, xl: 4 }, columnGap: 2 }} data-testid="notes-grid">
      {items.map((note) => (
        <NoteCard
          key={note.id}
          note={note}
          labels={labelList}
          onOpen={() => setOpenedId(note.id)}
          onChange={(change) => editNote.mutate({ id: note.id, ...change })}
          onDelete={() => deleteNote.mutate(note.id)}
        />
      ))}
    </Box>
  );

  return (
    <PageCard title={heading}>
      <SidebarLayout
        sidebar={<NotesSidebar view={view} labels={labelList} onEditLabels={() => setIsLabelsOpen(true)} />}
      >
        <Paper
          variant="outlined"
          role="button"
          tabIndex={0}
          data-testid="take-note"
          onClick={() => setIsCreateOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') setIsCreateOpen(true);
          }}
          sx={{
            maxWidth: 600,
            mx: 'auto',
            mb: 3,
            px: 2,
            py: 1.5,
            cursor: 'text',
            color: 'text.secondary',
            boxShadow: 1,
          }}
        >
          {t('takeNote')}
        </Paper>
        {view.kind === 'label' && labels.isSuccess && !currentLabel && (
          <Alert severity="warning">{t('labelMissing')}</Alert>
        )}
        <ListStatus
          isPending={notes.isPending}
          isError={notes.isError}
          isEmpty={notes.isSuccess && shown.length === 0}
          errorText={t('loadFailed')}
          emptyText={view.kind === 'archive' ? t('emptyArchive') : view.kind === 'label' ? t('emptyLabel') : t('empty')}
        />
        {pinned.length > 0 && (
          <>
            {sectionTitle(t('pinned'))}
            {grid(pinned)}
            {others.length > 0 && sectionTitle(t('others'))}
          </>
        )}
        {others.length > 0 && grid(others)}
      </SidebarLayout>
      <NoteCreateDialog
        isOpen={isCreateOpen}
        onClose={() => setIsCreateOpen(false)}
        archive={view.kind === 'archive'}
        labelId={view.kind === 'label' ? view.labelId : undefined}
      />
      <NoteEditDialog note={editing} labels={labelList} onClose={handleCloseEditor} />
      <LabelManagerDialog
        isOpen={isLabelsOpen}
        onClose={() => setIsLabelsOpen(false)}
        labels={labelList}
        actions={labelActionsOf({ create: createLabel, rename: renameLabel, remove: deleteLabel })}
      />
    </PageCard>
  );
}

function sectionTitle(text: string) {
  return (
    <Typography variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
      {text}
    </Typography>
  );
}
