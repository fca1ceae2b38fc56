/**
 * The Tamil texts of a namespace have exactly the English texts' keys, nested alike: a key missing
 * from one language or extra in the other does not compile (`defineTexts`).
 */
export type SameKeys<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends readonly string[]
      ? readonly string[]
      : T[K] extends (...args: infer A) => infer R
        ? (...args: A) => R
        : SameKeys<T[K]>;
};

/** A namespace's texts in English and Tamil, the Tamil checked against the English keys. */
export function defineTexts<En extends object>(texts: { en: En; tn: SameKeys<En> }): { en: En; tn: SameKeys<En> } {
  return texts;
}
