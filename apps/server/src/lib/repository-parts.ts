/*
 * A repository composed of parts spread into one object (decisions 089, 099): a name two parts
 * both define would silently take the later one. `Clashes<[PartA, PartB, …]>` is those names, so
 * `const _noClash: [Clashes<Parts>] extends [never] ? true : Clashes<Parts> = true;` fails to
 * compile, naming the method, when two parts define the same one.
 */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** The names two parts share. */
export type Clashes<T extends unknown[]> = T extends [infer Head, ...infer Rest] ? (keyof Head & KeysOf<Rest[number]>) | Clashes<Rest> : never;
