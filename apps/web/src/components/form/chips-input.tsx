import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ControllerRenderProps, FieldValues } from 'react-hook-form';
import type { FieldTexts } from './use-field-texts';

/**
 * The text box of a chips field (the kit's autocomplete and tags fields): the field's name, ref,
 * label, helper and error, and required only while no chip is chosen.
 */
export function chipsInput<T extends FieldValues>(field: ControllerRenderProps<T>, texts: FieldTexts, isRequired: boolean | undefined, isEmpty: boolean) {
  return function ChipsInput(params: AutocompleteRenderInputParams) {
    return <TextField {...params} name={field.name} inputRef={field.ref} label={texts.label} helperText={texts.helper} error={texts.isInvalid} required={isRequired && isEmpty} />;
  };
}
