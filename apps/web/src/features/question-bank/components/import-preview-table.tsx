import type { ImportPreview } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { ScrollContainer } from '../../../components/data-table/scroll-container';
import { importFieldKey } from '../model/import-fields';

/**
 * What the importer read: a summary, unknown topics, then one row per question with its line,
 * its kind and each error or warning (field and message, in the request's language).
 */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('questionBank');
  const { t: tk } = useTranslation('questionKinds');
  const fieldName = (field: string) => {
    const known = importFieldKey(field);
    if (!known) return field;
    return known.language ? t('fields.inLanguage', { field: t(known.key), language: t(`languages.${known.language}`) }) : t(known.key);
  };
  return (
    <Stack spacing={2}>
      <Alert severity={preview.invalid > 0 ? 'error' : 'success'} role="status">
        {t('importer.summary', { format: t(`importer.formats.${preview.format}`), total: preview.total, valid: preview.valid, invalid: preview.invalid })}
        {preview.invalid > 0 && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('importer.fixFirst')}
          </Typography>
        )}
      </Alert>
      {preview.unknownTopics.length > 0 && <Alert severity="warning">{t('importer.unknownTopics', { topics: preview.unknownTopics.join(', ') })}</Alert>}
      {preview.topicsToCreate.length > 0 && (
        <Alert severity="info">
          {t('importer.topicsToCreate')}
          <ul>
            {preview.topicsToCreate.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ScrollContainer label={t('importer.previewLabel')}>
        <Table size="small" aria-label={t('importer.previewLabel')}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('importer.item')}</TableCell>
              <TableCell scope="col">{t('importer.line')}</TableCell>
              <TableCell scope="col">{t('importer.question')}</TableCell>
              <TableCell scope="col">{t('importer.kind')}</TableCell>
              <TableCell scope="col">{t('importer.status')}</TableCell>
              <TableCell scope="col">{t('importer.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.items.map((item) => (
              <TableRow key={item.index} data-testid="import-item" data-valid={item.isValid} sx={item.isValid ? undefined : { bgcolor: 'error.50' }}>
                <TableCell>{item.index}</TableCell>
                <TableCell>{item.line ?? '—'}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{item.title}</TableCell>
                <TableCell>{item.questionType ? tk(`${item.questionType}.name`) : '—'}</TableCell>
                <TableCell>
                  <Chip size="small" color={item.isValid ? 'success' : 'error'} label={item.isValid ? t('importer.valid') : t('importer.invalid')} />
                </TableCell>
                <TableCell>
                  <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
                    {item.errors.map((problem, i) => (
                      <Typography key={`e${i}`} component="li" variant="body2" color="error">
                        {t('importer.error', { field: fieldName(problem.field), message: problem.message })}
                      </Typography>
                    ))}
                    {item.warnings.map((problem, i) => (
                      <Typography key={`w${i}`} component="li" variant="body2" color="warning.dark">
                        {t('importer.warning', { field: fieldName(problem.field), message: problem.message })}
                      </Typography>
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollContainer>
    </Stack>
  );
}
