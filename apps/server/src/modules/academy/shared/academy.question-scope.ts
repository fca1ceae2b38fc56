/** Whose questions a test may use: its owner's (the client's shared ones and the institute's). */
export interface QuestionScopeRef {
  clientId: string;
  instituteId: number | null;
}

/** The most questions one draw looks at (a pool larger than this draws from its first ones by id). */
export const DRAW_POOL_LIMIT = 5000;

/** A test's owner as the scope of the questions it may use. */
export const questionScopeOf = (task: { ownerClientId: string; ownerInstituteId: number | null }): QuestionScopeRef => ({
  clientId: task.ownerClientId,
  instituteId: task.ownerInstituteId,
});
