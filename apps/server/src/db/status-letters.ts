import { sql, type SQL } from 'drizzle-orm';
import { STATUS_LETTER, type QuestionScore } from '../question-kinds/index.js';

/** The status (correct, wrong, …) that an `item_statuses` letter expression stands for, in SQL (null for none; decision 086). */
export function statusOfLetterSql(letter: SQL): SQL<QuestionScore['status'] | null> {
  const statuses = Object.keys(STATUS_LETTER) as QuestionScore['status'][];
  return sql<QuestionScore['status'] | null>`CASE ${letter} ${sql.join(
    statuses.map((status) => sql`WHEN ${STATUS_LETTER[status]} THEN ${status}`),
    sql` `,
  )} END`;
}
