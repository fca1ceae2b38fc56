import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { OfficeKind } from '@app/contracts';
import { authoredHtml, RichContent } from '../../../components/rich-text/rich-content';

/** Spec 001 §9: the question drawer is 650 px wide; on a phone it takes the whole width. */
export const QUESTION_DRAWER_WIDTH = 650;

export interface DrawerQuestion {
  questionTitle: string;
  questionData: string;
  contentType: string;
  instructions: string | null;
}

/**
 * The Question button's right-hand drawer (spec 001 §2): the question text and a collapsible Help
 * (the question's own instructions, else the kind's general advice).
 */
export function QuestionDrawer({ isOpen, kind, question, onClose }: { isOpen: boolean; kind: OfficeKind; question: DrawerQuestion; onClose: () => void }) {
  const { t } = useTranslation('office');
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const titleId = useId();
  const helpId = useId();
  const statementHtml = authoredHtml(question.questionData, question.contentType);
  const helpKey = kind === 'xlsx' ? 'question.helpXlsx' : kind === 'docx' ? 'question.helpDocx' : 'question.helpPptx';
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: QUESTION_DRAWER_WIDTH }, maxWidth: '100%' }, 'data-testid': 'office-question-drawer' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('question.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('question.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        {question.questionTitle && (
          <Typography variant="subtitle1" component="h3">
            {question.questionTitle}
          </Typography>
        )}
        {statementHtml !== null ? (
          <RichContent html={statementHtml} />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="office-question-text">
            {question.questionData}
          </Typography>
        )}
        <div>
          <Button
            onClick={() => setIsHelpOpen((value) => !value)}
            aria-expanded={isHelpOpen}
            aria-controls={helpId}
            endIcon={<ExpandMoreIcon sx={{ transform: isHelpOpen ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
          >
            {t('question.help')}
          </Button>
          <Collapse in={isHelpOpen} unmountOnExit>
            <Box id={helpId} data-testid="office-help" sx={{ pt: 1, color: 'text.secondary' }}>
              {question.instructions ? <RichContent html={question.instructions} /> : <Typography variant="body2">{t(helpKey)}</Typography>}
            </Box>
          </Collapse>
        </div>
      </Box>
    </Drawer>
  );
}
