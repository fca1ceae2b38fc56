import { MULTIPLE_CHOICE_MARKINGS, questionKindOf, readKindSettings, pickKindSettings, type MultipleChoiceMarking, type QuestionKindContract } from '@app/contracts';
import type { KindSettingFields, StoredVersionRow, VersionRow, VersionValues } from './question-bank.rows.js';

/** The version fields that are kind settings (decision 052): written only into `settings`, read only from it. */
type SettingFields = Pick<VersionRow, 'numericTolerance' | 'lineNumber' | 'programming' | 'sampleCases' | 'startFileUrl' | 'mediaUrl'>;

const NO_SETTINGS = { settingsSchema: { safeParse: () => ({ success: true, data: {} }) } } as unknown as Pick<QuestionKindContract, 'settingsSchema'>;
const kindOf = (questionType: string) => questionKindOf(questionType) ?? NO_SETTINGS;

/** A version's fields as its settings are picked from them: a marking of null is no setting (standard). */
export const settingFields = (values: Omit<VersionValues, 'texts'>) => ({ ...values, marking: values.marking ?? undefined });

/** The marking a version's settings give (null when they give none). */
export function markingOf(settings: Readonly<Record<string, unknown>>): MultipleChoiceMarking | null {
  const marking = settings.marking;
  return (MULTIPLE_CHOICE_MARKINGS as readonly unknown[]).includes(marking) ? (marking as MultipleChoiceMarking) : null;
}

/**
 * A version's values as stored: the kind's settings (picked by its settingsSchema) go into
 * `settings`, and the old kind columns are no longer written. A picture address that is not a
 * setting of the kind stays in `media_url` (any statement may show a picture).
 */
export function versionColumns(questionType: string, values: Omit<VersionValues, 'texts'>) {
  const kind = kindOf(questionType);
  const picked = pickKindSettings(kind, settingFields(values));
  const parsed = kind.settingsSchema.safeParse(picked);
  const settings = (parsed.success ? parsed.data : picked) as Record<string, unknown>;
  const { numericTolerance: _n, lineNumber: _l, programming: _p, sampleCases: _s, startFileUrl: _f, marking: _m, ...columns } = values;
  return { ...columns, mediaUrl: 'mediaUrl' in settings ? null : columns.mediaUrl, settings };
}

/** A stored version whose kind fields are read from its settings, parsed by the kind's settingsSchema. */
export function withKindSettings<Row extends StoredVersionRow>(questionType: string, row: Row): Row & KindSettingFields {
  const settings = readKindSettings(kindOf(questionType), row.settings);
  const s = settings as Partial<SettingFields>;
  return {
    ...row,
    numericTolerance: s.numericTolerance ?? null,
    lineNumber: s.lineNumber ?? null,
    programming: s.programming ?? null,
    sampleCases: s.sampleCases ?? [],
    startFileUrl: s.startFileUrl ?? null,
    mediaUrl: 'mediaUrl' in s ? (s.mediaUrl ?? null) : row.mediaUrl,
    settings,
  };
}
