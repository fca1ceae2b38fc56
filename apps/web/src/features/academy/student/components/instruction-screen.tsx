import type { InstructionResult, TestType } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useNavigate } from 'react-router';
import { RichContent } from '../../../../components/rich-text/rich-content';
import { formatDuration } from '../../../../lib/format-duration';
import { useInstruction } from '../api/academy-api';
import { QueryState } from './query-state';
import { paths } from '../../../../config/paths';

/** The test player's shortcut keys (exam feature, model/shortcuts.ts), listed before the start. */
const SHORTCUTS = [
  ['N', 'shortcutNext'],
  ['P', 'shortcutPrevious'],
  ['M', 'shortcutMark'],
  ['C', 'shortcutClear'],
  ['Q', 'shortcutPalette'],
] as const;

function ShortcutKeys() {
  const { t } = useTranslation('academy');
  return (
    <Box component="section" aria-labelledby="shortcut-keys-title" sx={{ mb: 2 }}>
      <Typography id="shortcut-keys-title" variant="subtitle1" component="h3">
        {t('instruction.shortcutsTitle')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, my: 1 }}>
        {SHORTCUTS.map(([key, text]) => (
          <Fragment key={key}>
            <Box component="dt" sx={{ m: 0 }}>
              <kbd>Alt</kbd> + <kbd>Shift</kbd> + <kbd>{key}</kbd>
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {t(`instruction.${text}`)}
            </Box>
          </Fragment>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('instruction.shortcutPaletteKeys')}
      </Typography>
    </Box>
  );
}

type Marking = NonNullable<InstructionResult['sections'][number]['marking']>[number];

/** "+4 for a correct answer, −1 for a wrong one, 0 if not answered". */
function MarkingLine({ marking }: { marking: Marking }) {
  const { t } = useTranslation('academy');
  return (
    <>
      {marking.scheme === 'jee-advanced'
        ? t('instruction.markingJeeAdvanced', { marks: marking.marks, negative: marking.negativeMarks })
        : marking.negativeMarks > 0
        ? t('instruction.markingNegative', { marks: marking.marks, negative: marking.negativeMarks })
        : t('instruction.markingNoNegative', { marks: marking.marks })}
    </>
  );
}

/**
 * The marking scheme, as NTA's instructions state it: one line when every question is marked the
 * same, else per section (and per group of questions where a section mixes marks).
 */
function MarkingScheme({ sections }: { sections: InstructionResult['sections'] }) {
  const { t } = useTranslation('academy');
  const schemes = sections.map((section) => section.marking ?? []).filter((marking) => marking.length > 0);
  if (schemes.length === 0) return null;
  const all = schemes.flat();
  const isUniform = all.every((m) => m.marks === all[0]!.marks && m.negativeMarks === all[0]!.negativeMarks && m.scheme === all[0]!.scheme);
  return (
    <Box component="section" aria-labelledby="marking-scheme-title" sx={{ mb: 2 }} data-testid="marking-scheme">
      <Typography id="marking-scheme-title" variant="subtitle1" component="h3">
        {t('instruction.markingTitle')}
      </Typography>
      {isUniform ? (
        <Typography>
          <MarkingLine marking={all[0]!} />
        </Typography>
      ) : (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {sections.map((section) =>
            (section.marking ?? []).map((marking) => (
              <li key={`${section.sectionName}/${marking.marks}/${marking.negativeMarks}/${marking.scheme ?? ''}`}>
                {section.marking!.length > 1
                  ? t('instruction.markingGroup', { section: section.sectionName, count: marking.questions })
                  : section.sectionName}
                : <MarkingLine marking={marking} />
              </li>
            )),
          )}
        </Box>
      )}
    </Box>
  );
}

/** The instruction screen before a test (/task/v1/instruction); Start opens the player. */
export function InstructionScreen({ type, courseId, taskId }: { type: TestType; courseId: number; taskId: number }) {
  const { t } = useTranslation('academy');
  const navigate = useNavigate();
  const instruction = useInstruction(courseId, taskId);
  const data = instruction.data;
  const warnings = data && data.Warnings > 0 ? data.Warnings : 3;
  return (
    // Less padding on a phone: at 320 px the sections table still fits.
    <Box sx={{ p: { xs: 0, sm: 2, md: 3 }, maxWidth: 900 }}>
      <QueryState isLoading={instruction.isLoading} error={instruction.error} />
      {data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {data.TaskName}
          </Typography>
          <Typography variant="h6" component="h2">
            {t('instruction.title')}
          </Typography>
          <RichContent html={data.instructionData} sx={{ mb: 2 }} />
          <Stack direction="row" spacing={4} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Typography>
              <strong>{t('instruction.duration')}:</strong> {data.totalDuration > 0 ? formatDuration(data.totalDuration) : t('instruction.untimed')}
            </Typography>
            <Typography>
              <strong>{t('instruction.questions')}:</strong> {data.totalQuestions}
            </Typography>
            <Typography>
              <strong>{t('instruction.totalMarks')}:</strong> {data.totalMarks}
            </Typography>
          </Stack>
          {data.sections.length > 0 && (
            <Box sx={{ overflowX: 'auto', mb: 2 }}>
              <Table size="small" aria-label={t('instruction.sections')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('instruction.sections')}</TableCell>
                    <TableCell align="right">{t('instruction.questions')}</TableCell>
                    <TableCell align="right">{t('instruction.totalMarks')}</TableCell>
                    {data.sectionWiseTimer && <TableCell align="right">{t('instruction.duration')}</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.sections.map((section) => (
                    <TableRow key={section.sectionName}>
                      <TableCell>{section.sectionName}</TableCell>
                      <TableCell align="right">{section.totalQuestions}</TableCell>
                      <TableCell align="right">{section.totalMarks}</TableCell>
                      {data.sectionWiseTimer && <TableCell align="right">{formatDuration(section.sectionDuration)}</TableCell>}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <MarkingScheme sections={data.sections} />
          <Stack spacing={1} sx={{ mb: 2 }}>
            {data.sectionWiseTimer && <Alert severity="info">{t('instruction.sectionTimer')}</Alert>}
            {data.IsCameraAllowed && <Alert severity="warning">{t('instruction.camera')}</Alert>}
            {data.type === 'test' && data.IsTabAlertAllowed === 0 && !data.IsCameraAllowed && (
              <Alert severity="warning">{t('instruction.tabAlert', { count: Math.max(1, warnings - 1) })}</Alert>
            )}
          </Stack>
          <ShortcutKeys />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button onClick={() => navigate(-1)}>{t('instruction.back')}</Button>
            <Button variant="contained" onClick={() => navigate(paths.exam.player.getHref({ type, courseID: courseId, taskID: taskId }))}>
              {t('instruction.start')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
