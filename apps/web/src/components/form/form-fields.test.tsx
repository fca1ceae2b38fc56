import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18n from 'i18next';
import { FormAutocompleteField } from './form-autocomplete-field';
import { FormCheckboxField } from './form-checkbox-field';
import { FormSwitchField } from './form-switch-field';
import { FormTagsField } from './form-tags-field';
import { typeDate } from '../../test/date-fields';
import { FormBirthDateField, FormDateField } from './form-date-field';
import { FormNumberField } from './form-number-field';
import { FormSelectField } from './form-select-field';
import { FormTextField } from './form-text-field';

// Labels are translation keys: these exist in `common`; the errors are catalogue keys.
const schema = z.object({
  title: z.string().min(1, 'todoTitleRequired'),
  marks: z.number({ message: 'marksInvalid' }).min(0, 'marksInvalid').nullable(),
  classId: z.number({ message: 'stateRequired' }),
  isPublished: z.boolean().refine((value) => value, 'languageRequired'),
  startsOn: z.string().min(1, 'dobRequired'),
  courseIds: z.array(z.number()).min(1, 'departmentRequired'),
});
type Values = z.infer<typeof schema>;

function TestForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', marks: null, classId: undefined, isPublished: false, startsOn: '', courseIds: [] },
  });
  const options = [
    { value: 1, label: 'Physics' },
    { value: 2, label: 'Chemistry' },
  ];
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <FormTextField name="title" control={control} label="appName" helperText="poweredBy" isRequired />
      <FormNumberField name="marks" control={control} label="save" min={0} />
      <FormSelectField name="classId" control={control} label="close" options={options} />
      <FormSwitchField name="isPublished" control={control} label="ok" />
      <FormDateField name="startsOn" control={control} label="cancel" />
      <FormAutocompleteField name="courseIds" control={control} label="loading" options={options} />
      <button type="submit">Submit</button>
    </form>
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('form fields', { timeout: 30_000 }, () => {
  it('labels each input, and ties the error message to it with aria-invalid and aria-describedby', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const title = screen.getByRole('textbox', { name: /NEET Prep/ });
    expect(title).toHaveAccessibleDescription('Powered by NEET Prep');
    expect(title).not.toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(i18n.t('todoTitleRequired', { ns: 'messages' }));
    const toggle = screen.getByRole('switch', { name: 'OK' });
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    expect(toggle).toHaveAccessibleDescription(i18n.t('languageRequired', { ns: 'messages' }));
    expect(screen.getByRole('combobox', { name: 'Loading…' })).toHaveAccessibleDescription(
      i18n.t('departmentRequired', { ns: 'messages' }),
    );
  });

  it('hands the schema typed values: numbers, booleans, dates and chosen ids', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /NEET Prep/ }), 'Unit test 1');
    await user.type(screen.getByRole('spinbutton', { name: 'Save' }), '42');
    await user.click(screen.getByRole('combobox', { name: 'Close' }));
    await user.click(await screen.findByRole('option', { name: 'Chemistry' }));
    await user.click(screen.getByRole('switch', { name: 'OK' }));
    await typeDate(user, screen.getByRole('group', { name: 'Cancel' }), '2026-12-01');
    const courses = screen.getByRole('combobox', { name: 'Loading…' });
    await user.type(courses, 'Phy');
    await user.click(await screen.findByRole('option', { name: 'Physics' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      title: 'Unit test 1',
      marks: 42,
      classId: 2,
      isPublished: true,
      startsOn: '2026-12-01',
      courseIds: [1],
    });
  });

  it('speaks Tamil: labels and catalogue messages', async () => {
    await i18n.changeLanguage('tn');
    render(<TestForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const title = screen.getByRole('textbox', { name: /நீட் தயாரிப்பு/ });
    expect(title).toHaveAccessibleDescription(i18n.t('todoTitleRequired', { ns: 'messages', lng: 'tn' }));
    expect(i18n.t('todoTitleRequired', { ns: 'messages', lng: 'tn' })).not.toBe(
      i18n.t('todoTitleRequired', { ns: 'messages', lng: 'en' }),
    );
  });
});

describe('yes/no fields', { timeout: 30_000 }, () => {
  const flags = z.object({ isAgreed: z.boolean(), alertOff: z.union([z.literal(0), z.literal(1)]) });
  type Flags = z.infer<typeof flags>;

  function FlagsForm({ onSubmit }: { onSubmit: (values: Flags) => void }) {
    const { control, handleSubmit } = useForm<Flags>({ resolver: zodResolver(flags), defaultValues: { isAgreed: false, alertOff: 1 } });
    return (
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormCheckboxField name="isAgreed" control={control} label="ok" />
        {/* A spec's flag where 0 means on. */}
        <FormSwitchField name="alertOff" control={control} label="save" values={{ on: 0, off: 1 }} />
        <button type="submit">Submit</button>
      </form>
    );
  }

  it('a checkbox gives true or false; a switch with values gives its on and off values, toggled by the keyboard', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<FlagsForm onSubmit={onSubmit} />);
    const toggle = screen.getByRole('switch', { name: 'Save' });
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'OK' }));
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ isAgreed: true, alertOff: 0 });
  });
});

describe('tags field', { timeout: 30_000 }, () => {
  function TagsForm({ onSubmit }: { onSubmit: (values: { tags: string[] }) => void }) {
    const { control, handleSubmit } = useForm<{ tags: string[] }>({ defaultValues: { tags: [] } });
    return (
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormTagsField name="tags" control={control} label="appName" helperText="poweredBy" />
        <button type="submit">Submit</button>
      </form>
    );
  }

  it('adds typed words with Enter, trimmed, a word given twice kept once', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<TagsForm onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'NEET Prep' });
    expect(input).toHaveAccessibleDescription('Powered by NEET Prep');
    await user.type(input, ' optics {Enter}waves{Enter}optics{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ tags: ['optics', 'waves'] });
  });
});

describe('what the sign-in, sign-up and profile forms take', { timeout: 30_000 }, () => {
  const profile = z.object({
    code: z.string(),
    placeId: z.number(),
    sectionId: z.union([z.number(), z.literal('')]),
    courseIds: z.array(z.number()),
    DOB: z.string().min(1, 'dobRequired'),
  });
  type Profile = z.infer<typeof profile>;
  const courses = [
    { value: 1, label: 'Physics' },
    { value: 2, label: 'Chemistry' },
  ];

  function ProfileForm({ onSubmit }: { onSubmit: (values: Profile) => void }) {
    const { control, handleSubmit, setValue } = useForm<Profile>({
      resolver: zodResolver(profile),
      defaultValues: { code: '', placeId: 1, sectionId: 2, courseIds: [], DOB: '' },
    });
    return (
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormTextField name="code" control={control} label="appName" autoComplete="one-time-code" htmlInput={{ maxLength: 6, inputMode: 'numeric' }} />
        <FormSelectField name="placeId" control={control} label="close" options={courses} onValueChange={() => setValue('sectionId', '')} />
        <FormSelectField name="sectionId" control={control} label="ok" options={courses} />
        <FormSelectField name="courseIds" control={control} label="save" options={courses} isMultiple />
        <FormBirthDateField name="DOB" control={control} label="cancel" isRequired />
        <button type="submit">Submit</button>
      </form>
    );
  }

  it('gives a text field its input attributes, a select several choices and a hook after a choice, a birth date DD-MM-YYYY', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ProfileForm onSubmit={onSubmit} />);
    const code = screen.getByRole('textbox', { name: /NEET Prep/ });
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');

    await user.click(screen.getByRole('combobox', { name: 'Close' }));
    await user.click(await screen.findByRole('option', { name: 'Chemistry' }));
    await user.click(screen.getByRole('combobox', { name: 'Save' }));
    await user.click(await screen.findByRole('option', { name: 'Physics' }));
    await user.click(await screen.findByRole('option', { name: 'Chemistry' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Save' })).toHaveTextContent('Physics, Chemistry');

    await typeDate(user, screen.getByRole('group', { name: /Cancel/ }), '2004-03-09');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ code: '123456', placeId: 2, sectionId: '', courseIds: [1, 2], DOB: '09-03-2004' });
  });

  it('says a birth date after today is too late', async () => {
    const user = userEvent.setup();
    render(<ProfileForm onSubmit={vi.fn()} />);
    const nextYear = new Date().getFullYear() + 1;
    await typeDate(user, screen.getByRole('group', { name: /Cancel/ }), `${nextYear}-01-01`);
    expect(await screen.findByText('This date is too late.')).toBeInTheDocument();
  });
});
