import { SUPPORTED_LANGUAGES, type AuthoringQuestion, type GetQuestionQuerySchema, type ListQuestionsQuerySchema, type ListQuestionsResult } from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { textPreview } from '../../lib/html-sanitizer.js';
import type { QuestionBankContext } from './question-bank.context.js';
import { headOf, PREVIEW_CHARS } from './question-bank.versions.js';

/** The bank's list in the caller's scope, and one question as the editor reads it. */
export function createQuestionReads(ctx: QuestionBankContext) {
  const { repo } = ctx.deps;
  return {
    async list(actor: Actor, query: z.output<typeof ListQuestionsQuerySchema>): Promise<ListQuestionsResult> {
      const scope = await ctx.staffScopeOf(actor);
      const { page, pageSize, ...filter } = query;
      const { total, rows } = await repo.list(scope, filter, { offset: (page - 1) * pageSize, limit: pageSize });
      const ids = rows.map((r) => r.head.id);
      const [topics, tags, tests] = await Promise.all([repo.topicsOf(ids), repo.tagsOf(ids), repo.testsOf(ids)]);
      return {
        total,
        page,
        pageSize,
        items: rows.map(({ head, version, texts }) => {
          const text = texts.find((t) => t.language === version.defaultLanguage) ?? texts[0];
          return {
            ...headOf(head, topics, tags),
            currentVersion: version.version,
            languages: SUPPORTED_LANGUAGES.filter((language) => texts.some((t) => t.language === language)),
            title: text?.title ?? '',
            preview: textPreview(text?.data ?? '', PREVIEW_CHARS),
            marks: version.marks,
            negativeMarks: version.negativeMarks,
            updatedAt: head.updatedAt.toISOString(),
            usedIn: tests.get(head.id) ?? [],
          };
        }),
      };
    },

    get(actor: Actor, query: z.output<typeof GetQuestionQuerySchema>): Promise<AuthoringQuestion> {
      return ctx.authoringView(actor, query.questionId, query.version);
    },
  };
}
