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

/**
 * Every namespace's English texts, by name: filled in by `app/i18n/text-namespaces.ts` (which may
 * import the features' texts), so that `t()` keys are checked against them (decision 098).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TextNamespaces {}

export type Namespace = keyof TextNamespaces & string;

/** `minutesLeft_one` and `minutesLeft_other` are called as `minutesLeft` (with a count) too. */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? K | Base : K;

/** The dotted paths of a namespace's texts: `editor.title` for `{ editor: { title: '…' } }`. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string
    ? PluralBase<K>
    : T[K] extends readonly unknown[]
      ? K
      : T[K] extends (...args: never[]) => unknown
        ? K
        : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/**
 * A key of one namespace, as `t()` bound to that namespace takes it (none where the namespaces are
 * not registered: a program that reads only some `locales.ts`, such as the e2e specs).
 */
export type TextKey<N extends string> = N extends Namespace ? Leaves<TextNamespaces[N]> : never;

/** A key with its namespace in front (`schedules:course`), as any `t()` takes it. */
export type PrefixedTextKey<N extends string = Namespace> = N extends Namespace ? `${N}:${TextKey<N>}` : never;

/** The bundled namespaces: loaded from the start, so any `t()` may name them in front of a key. */
type BundledKey = PrefixedTextKey<'common' | 'messages'>;

/** A key a `t()` bound to `Ns` takes: its first namespace's keys, or a key of a loaded namespace with the prefix. */
export type TextKeyOf<Ns extends Namespace | readonly Namespace[]> = Ns extends readonly [
  infer First extends Namespace,
  ...infer Rest extends readonly Namespace[],
]
  ? TextKey<First> | PrefixedTextKey<First | Rest[number]> | BundledKey
  : Ns extends Namespace
    ? TextKey<Ns> | PrefixedTextKey<Ns> | BundledKey
    : never;

/** Values put into a text (`{{count}}`), with i18next's options; `ns` only through the second form below. */
export type TextOptions = { ns?: never; returnObjects?: false } & Record<string, unknown>;

/** `t()` bound to a namespace: its keys, another namespace's keys with `{ ns }`, or a nested list of texts. */
export interface TextFunction<Key extends string> {
  (key: Key | readonly Key[], options?: TextOptions): string;
  <N extends Namespace>(key: TextKey<N>, options: Omit<TextOptions, 'ns'> & { ns: N }): string;
  (key: Key, options: Record<string, unknown> & { returnObjects: true }): unknown;
  (key: OpenKey<Key>, options: TextOptions & { defaultValue: string }): string;
}

/**
 * A key under one of the namespace's groups, its last part from data (a verdict, an audited field
 * the server names): the group is checked, and the text falls back to `defaultValue`.
 */
export type OpenKey<Key extends string> = Key extends `${infer Group}.${string}` ? `${Group}.${string}` : never;

/** A label or helper of the shared form fields: a `common` key, or any namespace's key with its prefix. */
export type FieldTextKey = TextKey<'common'> | PrefixedTextKey;

/** `t()` as a component bound to `Ns` has it, for helpers it is handed to. */
export type TextsOf<Ns extends Namespace | readonly [Namespace, ...Namespace[]]> = TextFunction<TextKeyOf<Ns>>;

/**
 * A validation or server message: a catalogue key by contract (the contracts' schemas and the
 * server's errors give catalogue keys), known only as a string at run time. i18next shows a
 * string that is no key as it is, as before.
 */
export function asMessageKey(message: string): TextKey<'messages'> {
  return message as TextKey<'messages'>;
}
