import type { OfficeKind, OfficeQuestionRef } from '@app/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ApiError } from '../../../lib/api-client';
import type { OfficeApi } from '../api/office-api';
import { saveBlobAs } from '../model/save-file';
import { DocumentServerEditor } from './document-server-editor';
import { LazySpreadsheetEditor } from './lazy-spreadsheet-editor';

/**
 * The solution, where the test's review setting allows it (the server decides and says so): in
 * the document editor when one is configured, as a read-only sheet for a spreadsheet, and as a
 * download in every case.
 */
export function SolutionView({
  kind,
  questionRef,
  useDocumentServer,
  api,
}: {
  kind: OfficeKind;
  questionRef: OfficeQuestionRef;
  useDocumentServer: boolean;
  api: Pick<OfficeApi, 'solution' | 'solutionEditorConfig'>;
}) {
  const { t } = useTranslation('office');
  const [file, setFile] = useState<{ blob: Blob; fileName: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { taskID, questionID, TestSessionID } = questionRef;

  useEffect(() => {
    let isCurrent = true;
    api
      .solution({ taskID, questionID, TestSessionID })
      .then(({ blob, fileName }) => isCurrent && setFile({ blob, fileName: fileName ?? `solution.${kind}` }))
      .catch((caught: unknown) => isCurrent && setError(caught instanceof ApiError && !caught.isNetwork ? caught.message : t('solution.hidden')));
    return () => {
      isCurrent = false;
    };
  }, [api, kind, taskID, questionID, TestSessionID, t]);

  const loadConfig = useCallback(() => api.solutionEditorConfig({ taskID, questionID, TestSessionID }), [api, taskID, questionID, TestSessionID]);

  if (error) return <Alert severity="info">{error}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="office-solution">
      <Typography variant="body2" color="text.secondary">
        {t('solution.intro')}
      </Typography>
      {useDocumentServer ? (
        <DocumentServerEditor loadConfig={loadConfig} label={t('tabs.solution')} />
      ) : (
        kind === 'xlsx' &&
        file && <LazySpreadsheetEditor source={file.blob} fileName={file.fileName} isReadOnly label={t('tabs.solution')} loadingLabel={t('sheet.loading')} />
      )}
      <div>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!file} onClick={() => file && saveBlobAs(file.blob, file.fileName)}>
          {t('solution.download')}
        </Button>
      </div>
    </Box>
  );
}
