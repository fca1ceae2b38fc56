import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../../lib/translation';
import { ScrollContainer } from '../../../../components/data-table/scroll-container';
import type { PaletteSummary, QuestionStatus } from '../../model/player-state';
import { PendingButton } from '../../../../components/pending-button';

/** NTA's exam summary columns, in its order. */
const COLUMNS: QuestionStatus[] = ['answered', 'notAnswered', 'notVisited', 'marked', 'answeredMarked'];

/**
 * Spec 001 §2: title Alert, submit the test and finish the session?, Cancel and Submit; before it,
 * as NTA's interface does, each section's answered, not answered, not visited and marked questions.
 */
export function SubmitConfirmDialog({
  isOpen,
  unconfirmed,
  sections,
  isSubmitting,
  onCancel,
  onSubmit,
}: {
  isOpen: boolean;
  unconfirmed: number;
  sections: Array<{ name: string; summary: PaletteSummary }>;
  isSubmitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('exam');
  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby="submit-confirm-title" maxWidth="md">
      <DialogTitle id="submit-confirm-title">{t('dialogs.alertTitle')}</DialogTitle>
      <DialogContent>
        {sections.length > 0 && (
          // A table wider than a phone scrolls inside its own box, which the keyboard can reach.
          <ScrollContainer label={t('dialogs.summaryTitle')}>
            <Table size="small" data-testid="submit-summary" sx={{ mb: 2, '& caption.submit-summary-caption': { captionSide: 'top', textAlign: 'left', p: 0, pb: 1 } }}>
              <caption className="submit-summary-caption">{t('dialogs.summaryTitle')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('dialogs.section')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('palette.total')}
                  </TableCell>
                  {COLUMNS.map((status) => (
                    <TableCell key={status} component="th" scope="col" align="right">
                      {t(`palette.legend.${status}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {sections.map(({ name, summary }, index) => (
                  <TableRow key={index}>
                    <TableCell component="th" scope="row">
                      {name}
                    </TableCell>
                    <TableCell align="right">{summary.total}</TableCell>
                    {COLUMNS.map((status) => (
                      <TableCell key={status} align="right" data-status={status}>
                        {summary[status]}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollContainer>
        )}
        <DialogContentText>{t('dialogs.submitText')}</DialogContentText>
        {unconfirmed > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="unconfirmed-warning">
            {t('dialogs.unconfirmed', { count: unconfirmed })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('dialogs.cancel')}</Button>
        <PendingButton variant="contained" onClick={onSubmit} isPending={isSubmitting}>
          {t('dialogs.submit')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
