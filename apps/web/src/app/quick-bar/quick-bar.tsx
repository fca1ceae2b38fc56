import type { SearchResult } from '@app/contracts';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { useNavigate } from 'react-router';
import { BookmarkCreateDialog } from '../../features/bookmarks';
import { NoteCreateDialog } from '../../features/notes';
import { SearchPanel } from '../../features/search';

type Panel = 'closed' | 'search' | 'note' | 'bookmark';

/**
 * The quick bar (spec 000 §1): from any page of the shell, add a note or a bookmark with the
 * same forms as their screens, or search the student's items. Top-bar button or Ctrl/⌘+K.
 */
export function QuickBar() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [panel, setPanel] = useState<Panel>('closed');

  useEffect(() => {
    function handleKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPanel((current) => (current === 'closed' ? 'search' : current));
      }
    }
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, []);

  function handleOpen(result: SearchResult) {
    setPanel('closed');
    void navigate(result.route);
  }

  return (
    <>
      <Tooltip title={t('openQuickBar')}>
        <IconButton aria-label={t('quickBar')} aria-keyshortcuts="Control+K" onClick={() => setPanel('search')}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={panel === 'search'}
        onClose={() => setPanel('closed')}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      >
        <DialogTitle>{t('quickBar')}</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Button variant="outlined" startIcon={<NoteAddOutlinedIcon />} onClick={() => setPanel('note')}>
              {t('addNote')}
            </Button>
            <Button variant="outlined" startIcon={<BookmarkAddOutlinedIcon />} onClick={() => setPanel('bookmark')}>
              {t('addBookmark')}
            </Button>
          </Stack>
          {panel === 'search' && <SearchPanel onOpen={handleOpen} />}
        </DialogContent>
      </Dialog>
      <NoteCreateDialog isOpen={panel === 'note'} onClose={() => setPanel('closed')} />
      <BookmarkCreateDialog isOpen={panel === 'bookmark'} onClose={() => setPanel('closed')} />
    </>
  );
}
