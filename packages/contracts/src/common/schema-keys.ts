import type { z } from 'zod';
import type { RouteDef } from './route.js';

/** A key a value of a schema can carry, with where it sits ("section[].question[].answerID"). */
export interface SchemaKey {
  path: string;
  key: string;
}

/** What a walk of a schema found: every object key, and the places that can hold anything. */
export interface SchemaShape {
  keys: SchemaKey[];
  /** Paths of unknown/any values, and of objects that pass unknown keys through. */
  open: string[];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Walks a zod schema through objects, arrays, tuples, unions, intersections, records, maps,
 * sets, optionals, nullables, defaults, catches, pipes and lazy schemas (a lazy schema that
 * refers to itself is walked once), and lists every key a value of it can carry.
 */
export function schemaShape(schema: z.ZodType): SchemaShape {
  const keys: SchemaKey[] = [];
  const open: string[] = [];
  const walking = new Set<z.ZodType>();

  function walk(node: z.ZodType | null | undefined, path: string): void {
    if (!node || walking.has(node)) return;
    walking.add(node);
    const def = defOf(node);
    switch (def.type) {
      case 'object': {
        for (const [key, child] of Object.entries(def.shape ?? {})) {
          keys.push({ path: join(path, key), key });
          walk(child, join(path, key));
        }
        const rest = def.catchall ? defOf(def.catchall).type : 'never';
        if (rest === 'unknown' || rest === 'any') open.push(join(path, '*'));
        else if (rest !== 'never') walk(def.catchall, join(path, '*'));
        break;
      }
      case 'array':
        walk(def.element, `${path}[]`);
        break;
      case 'set':
        walk(def.valueType, `${path}[]`);
        break;
      case 'tuple':
        def.items?.forEach((item) => walk(item, `${path}[]`));
        walk(def.rest, `${path}[]`);
        break;
      case 'union':
        def.options?.forEach((option) => walk(option, path));
        break;
      case 'intersection':
        walk(def.left, path);
        walk(def.right, path);
        break;
      case 'record':
      case 'map':
        walk(def.keyType, join(path, '<key>'));
        walk(def.valueType, join(path, '*'));
        break;
      case 'pipe':
        walk(def.in, path);
        walk(def.out, path);
        break;
      case 'lazy':
        walk(def.getter?.(), path);
        break;
      case 'unknown':
      case 'any':
        open.push(path || '<root>');
        break;
      default:
        // optional, nullable, default, prefault, catch, nonoptional, readonly, success, promise
        walk(def.innerType, path);
    }
    walking.delete(node);
  }

  walk(schema, '');
  return { keys, open };
}

/** Every route table exported from a module: objects whose values are all route definitions. */
export function routeTablesOf(module: Record<string, unknown>): Record<string, Record<string, RouteDef>> {
  const isRoute = (value: unknown): value is RouteDef =>
    !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'access' in value && 'response' in value;
  const tables: Record<string, Record<string, RouteDef>> = {};
  for (const [name, value] of Object.entries(module)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const entries = Object.values(value as object);
    if (entries.length && entries.every(isRoute)) tables[name] = value as Record<string, RouteDef>;
  }
  return tables;
}
