import { ORDERING_ITEMS_MAX, ORDERING_ITEMS_MIN, SUPPORTED_LANGUAGES } from '@app/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import { RichTextEditor } from '../../components/rich-text';
import type { KindFieldsProps } from '../kind';
import { freeItemId, scrambledIds } from './ordering-model';
import { useOrderingTexts } from './use-ordering-texts';

/** Whether an order earns part of the marks (relative to the next item) when not wholly right. */
export function OrderingSettingsFields({ control, isDisabled }: Pick<KindFieldsProps, 'control' | 'isDisabled'>) {
  const text = useOrderingTexts();
  return (
    <Controller
      control={control}
      name="allowsPartialCredit"
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={isDisabled} />}
          label={text('partialCredit')}
          sx={{ gridColumn: { sm: 'span 2', md: 'span 4' } }}
        />
      )}
    />
  );
}

/** The items in their correct order, in each language that is on; each can be moved, added or removed. */
export function OrderingFields({ control, errors, setValue, getValues, isDisabled, questionId }: KindFieldsProps) {
  const text = useOrderingTexts();
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const items = useFieldArray({ control, name: 'options', keyName: 'key' });
  const texts = useWatch({ control, name: 'texts' });
  const languages = SUPPORTED_LANGUAGES.filter((language) => texts[language].isEnabled);
  const listError = errors.options?.message ?? errors.options?.root?.message;

  // A new question's starting items get ids out of order, so that the ids say nothing of the key.
  useEffect(() => {
    if (questionId !== null) return;
    const options = getValues('options');
    if (options.every((o, i) => o.answerID === i + 1)) {
      const ids = scrambledIds(options.length, String(Date.now()));
      setValue('options', options.map((o, i) => ({ ...o, answerID: ids[i]! })));
    }
  }, [questionId, getValues, setValue]);

  return (
    <Stack spacing={2} component="section" aria-labelledby="question-ordering-heading">
      <Typography id="question-ordering-heading" variant="subtitle1" component="h2">
        {text('items')}
      </Typography>
      <Typography color="text.secondary">{text('itemsHelp')}</Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {items.fields.map((item, index) => {
          const number = index + 1;
          return (
            <Box
              component="li"
              key={item.key}
              sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', md: `auto repeat(${Math.max(languages.length, 1)}, minmax(0, 1fr)) auto` }, gap: 1, alignItems: 'start' }}
            >
              <Typography sx={{ fontWeight: 700, pt: 1 }}>{number}.</Typography>
              {languages.map((language) => (
                <Box key={language} sx={{ gridColumn: { xs: '2', md: 'auto' } }}>
                  <Controller
                    control={control}
                    name={`options.${index}.${language}`}
                    render={({ field, fieldState }) => (
                      <RichTextEditor
                        id={`question-ordering-item-${index}-${language}`}
                        label={text('itemIn', { number, language: t(`languages.${language}`) })}
                        value={field.value}
                        onChange={field.onChange}
                        minRows={1}
                        lang={language === 'tn' ? 'ta' : 'en'}
                        disabled={isDisabled}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
                      />
                    )}
                  />
                </Box>
              ))}
              <Box sx={{ display: 'flex', gridColumn: { xs: '2', md: 'auto' } }}>
                <IconButton aria-label={text('moveItemUp', { number })} disabled={isDisabled || index === 0} onClick={() => items.swap(index, index - 1)}>
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton aria-label={text('moveItemDown', { number })} disabled={isDisabled || index === items.fields.length - 1} onClick={() => items.swap(index, index + 1)}>
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton aria-label={text('removeItem', { number })} disabled={isDisabled || items.fields.length <= ORDERING_ITEMS_MIN} onClick={() => items.remove(index)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
      </Box>
      {listError && <FormHelperText error>{tm(asMessageKey(listError))}</FormHelperText>}
      <Box>
        <Button
          variant="outlined"
          disabled={isDisabled || items.fields.length >= ORDERING_ITEMS_MAX}
          onClick={() => items.append({ answerID: freeItemId(getValues('options')), en: '', tn: '' })}
        >
          {text('addItem')}
        </Button>
      </Box>
    </Stack>
  );
}
