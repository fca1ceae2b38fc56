import { SUPPORTED_LANGUAGES, type Language, type Post } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { PendingButton } from '../../../components/pending-button';
import { describeError } from '../../../lib/error-message';
import { useCreatePost, useHidePost, usePinPost, useThread } from '../api/challenges-api';

export interface QuestionRef {
  taskId: number;
  mapId: number;
  number: number;
}

/** One post: author, teacher and pinned marks, its text as text; staff may hide it or pin their own kind. */
function PostItem({ post, isStaff }: { post: Post; isStaff: boolean }) {
  const { t } = useTranslation('challenges');
  const hide = useHidePost();
  const pin = usePinPost();
  const [isHiding, setIsHiding] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', py: 1 }} data-testid="thread-post">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="subtitle2" component="span">
          {post.isOwn ? t('you') : <span data-user-content="">{post.authorName}</span>}
        </Typography>
        {post.isStaff && <Chip size="small" color="primary" variant="outlined" label={t('staff')} />}
        {post.isPinned && <Chip size="small" color="success" label={t('verified')} />}
        <Typography variant="caption" color="text.secondary" component="span" lang={post.language === 'tn' ? 'ta' : 'en'}>
          {t(`languageName.${post.language}`)} · {new Date(post.createdAt).toLocaleString()}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lang={post.language === 'tn' ? 'ta' : 'en'} data-user-content="">
        {post.text}
      </Typography>
      {post.moderation && (
        <Typography variant="caption" color="error.main" data-user-content="">
          {t('hiddenBy', { name: post.moderation.by, reason: post.moderation.reason })}
        </Typography>
      )}
      {isStaff && !post.moderation && (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          {post.isStaff && (
            <PendingButton size="small" isPending={pin.isPending} onClick={() => pin.mutate({ postId: post.id, pinned: !post.isPinned })}>
              {post.isPinned ? t('unpin') : t('pin')}
            </PendingButton>
          )}
          {!isHiding && (
            <Button size="small" color="error" aria-label={t('hideOf', { name: post.authorName })} onClick={() => setIsHiding(true)}>
              {t('hide')}
            </Button>
          )}
        </Stack>
      )}
      {isHiding && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField size="small" label={t('hideReason')} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus fullWidth />
          <PendingButton
            size="small"
            color="error"
            variant="contained"
            isPending={hide.isPending}
            onClick={() => hide.mutate({ postId: post.id, reason }, { onSuccess: () => setIsHiding(false) })}
          >
            {t('confirmHide')}
          </PendingButton>
          <Button size="small" onClick={() => setIsHiding(false)}>
            {t('cancel')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/**
 * A question's discussion in a test: the teacher's verified explanation first, then the posts;
 * anyone who may read it may post (plain text, English or Tamil). Staff hide and pin here too.
 */
export function ThreadDialog({ question, isOpen, onClose, isStaff = false }: { question: QuestionRef; isOpen: boolean; onClose: () => void; isStaff?: boolean }) {
  const { t, i18n } = useTranslation('challenges');
  const thread = useThread({ taskId: question.taskId, questionTaskMapID: question.mapId }, isOpen);
  const create = useCreatePost();
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>(i18n.language === 'tn' ? 'tn' : 'en');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ taskId: question.taskId, questionTaskMapID: question.mapId, text, language }, { onSuccess: () => setText('') });
  };
  const failed = thread.error ? describeError(thread.error) : null;
  return (
    <WorkDialog isOpen={isOpen} isDirty={text.trim() !== ''} onClose={onClose} title={t('threadTitle', { number: question.number })} maxWidth="md">
      <DialogContent>
        {thread.isPending && <Typography>{t('loading')}</Typography>}
        {failed && <Alert severity="warning">{'key' in failed ? t(failed.key, { ns: 'messages' }) : failed.text}</Alert>}
        {thread.data && (
          <>
            {thread.data.posts.length === 0 ? (
              <Typography color="text.secondary">{t('noPosts')}</Typography>
            ) : (
              <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={t('threadTitle', { number: question.number })}>
                {thread.data.posts.map((post) => (
                  <PostItem key={post.id} post={post} isStaff={isStaff} />
                ))}
              </Box>
            )}
            <Box component="form" onSubmit={handleSubmit} sx={{ mt: 2, display: 'grid', gap: 1.5 }} noValidate>
              <TextField
                label={t('postLabel')}
                helperText={t('postHelp')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <TextField select size="small" label={t('language')} value={language} onChange={(e) => setLanguage(e.target.value as Language)} sx={{ minWidth: 140 }}>
                  {SUPPORTED_LANGUAGES.map((code) => (
                    <MenuItem key={code} value={code}>
                      {t(`languageName.${code}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <PendingButton type="submit" variant="contained" isPending={create.isPending}>
                  {t('send')}
                </PendingButton>
              </Stack>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </WorkDialog>
  );
}
