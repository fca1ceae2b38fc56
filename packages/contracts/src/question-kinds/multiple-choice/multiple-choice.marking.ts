/**
 * How a multiple-correct question is marked (its `marking` setting, decision 052): `standard` —
 * all the right options and no other for full marks, partial credit when the test allows it;
 * `jee-advanced` — full marks for every right option and no wrong one, +1 per right option chosen
 * when no wrong one is, the negative mark when any wrong one is, 0 unanswered. Plain values (no
 * schemas), so the player and the editor can read them without zod.
 */
export const MULTIPLE_CHOICE_MARKINGS = ['standard', 'jee-advanced'] as const;
export type MultipleChoiceMarking = (typeof MULTIPLE_CHOICE_MARKINGS)[number];
