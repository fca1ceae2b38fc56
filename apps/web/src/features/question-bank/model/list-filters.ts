import { ListQuestionsQuerySchema, type ExportQuestionsBody, type ListQuestionsQuery } from '@app/contracts';

/** The list's filter fields as the screen holds them (empty = any). */
export interface ListFilters {
  search: string;
  topicId: string;
  tag: string;
  questionType: string;
  difficulty: string;
  language: string;
  owner: string;
  usedIn: string;
}

type Filter = Omit<ListQuestionsQuery, 'page' | 'pageSize'> & Omit<ExportQuestionsBody, 'format' | 'questionIds'>;

/** The filter part of the list (and export) call: empty and invalid fields are left out. */
export function listFilterOf(filters: ListFilters): Filter {
  const out: Record<string, unknown> = {};
  const shape = ListQuestionsQuerySchema.shape;
  for (const [key, raw] of Object.entries(filters)) {
    const value = raw.trim();
    if (!value) continue;
    const parsed = shape[key as keyof typeof shape].safeParse(key === 'topicId' ? Number(value) : value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Filter;
}
