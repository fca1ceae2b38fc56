import { OFFICE_CONTENT_TYPES, OFFICE_ERRORS, OFFICE_UPLOAD_MAX_BYTES, type OfficeFile, type OfficeKind } from '@app/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ApiError } from '../../../lib/api-client';
import type { OfficeApi } from '../api/office-api';
import { saveBlobAs } from '../model/save-file';

export type FileExchangeApi = Pick<OfficeApi, 'download' | 'upload'>;

/**
 * Download the working copy (the server's stamped copy), edit it in any office app, upload it back
 * (spec 001 §2, §7). The server checks every upload (its kind, its size, that it is this question's
 * copy) and its message is shown as it is; a refused file changes nothing.
 */
export function FileExchange({
  file,
  kind,
  isLocked,
  intro,
  api,
  onUploaded,
}: {
  file: OfficeFile;
  kind: OfficeKind;
  isLocked: boolean;
  intro: 'steps' | 'alsoDownload';
  api: FileExchangeApi;
  onUploaded: (file: OfficeFile) => void;
}) {
  const { t, i18n } = useTranslation('office');
  const inputRef = useRef<HTMLInputElement>(null);
  const [isBusy, setIsBusy] = useState<'download' | 'upload' | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const kindName = t(`kinds.${kind}`);
  const canUpload = !isLocked && file.editable;

  const messageOf = (error: unknown) => (error instanceof ApiError && !error.isNetwork ? error.message : t('loadFailed'));

  const handleDownload = async () => {
    setIsBusy('download');
    setNotice(null);
    try {
      const { blob, fileName } = await api.download(file.path);
      saveBlobAs(blob, fileName ?? file.fileName);
    } catch (error) {
      setNotice({ severity: 'error', text: messageOf(error) });
    } finally {
      setIsBusy(null);
    }
  };

  const handleChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setNotice(null);
    // The server refuses it too; a file this large is not sent at all.
    if (chosen.size > OFFICE_UPLOAD_MAX_BYTES) {
      setNotice({ severity: 'error', text: OFFICE_ERRORS.OFFICE_UPLOAD_TOO_LARGE.message[i18n.language === 'tn' ? 'tn' : 'en'] });
      return;
    }
    setIsBusy('upload');
    try {
      const saved = await api.upload(file.path, chosen, chosen.name);
      onUploaded(saved);
      setNotice({ severity: 'success', text: t('file.uploaded', { name: chosen.name }) });
    } catch (error) {
      setNotice({ severity: 'error', text: messageOf(error) });
    } finally {
      setIsBusy(null);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="office-file-exchange">
      <Typography variant="body2" color="text.secondary">
        {t(intro === 'steps' ? 'file.steps' : 'file.alsoDownload')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={isBusy !== null} onClick={() => void handleDownload()}>
          {t('file.download', { kind: kindName })}
        </Button>
        <Button variant={intro === 'steps' ? 'contained' : 'outlined'} startIcon={<UploadFileIcon />} disabled={!canUpload || isBusy !== null} onClick={() => inputRef.current?.click()}>
          {isBusy === 'upload' ? t('file.uploading') : t('file.upload', { kind: kindName })}
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={`.${kind},${OFFICE_CONTENT_TYPES[kind]}`}
          aria-label={t('file.accept', { extension: kind })}
          data-testid="office-upload-input"
          onChange={(event) => void handleChosen(event)}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" data-testid="office-last-saved">
        {file.savedAt ? t('file.lastSaved', { time: new Date(file.savedAt).toLocaleString(i18n.language === 'tn' ? 'ta-IN' : 'en-IN') }) : t('file.neverSaved')}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} data-testid="office-file-notice">
          {notice.text}
        </Alert>
      )}
    </Box>
  );
}
