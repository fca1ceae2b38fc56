/**
 * Topic paths of an import (a Moodle category such as Physics/Mechanics) against a course's
 * topics, which form a tree through their parent. Names match without case; of two topics of
 * the same name under the same parent, the older one is taken. Decision 053.
 */

export interface TopicNode {
  id: number;
  name: string;
  parentId: number | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How a path is shown: "Physics / Mechanics". */
export const pathLabel = (path: string[]) => path.join(' / ');

/** The key of a path, equal for paths that differ only in case. */
export const pathKey = (path: string[]) => JSON.stringify(path.map((p) => p.trim().toLowerCase()));

/** The topic at the end of a path from the top of the course, or null when a part of it is missing. */
export function findPath(nodes: TopicNode[], path: string[]): number | null {
  let parent: number | null = null;
  for (const name of path) {
    const found = nodes.find((n) => n.parentId === parent && same(n.name, name));
    if (!found) return null;
    parent = found.id;
  }
  return parent;
}

/** A single name (not a category path): the oldest topic of that name anywhere in the course. */
export function findName(nodes: TopicNode[], name: string): number | null {
  return nodes.find((n) => same(n.name, name))?.id ?? null;
}

/** The paths to create for the given ones to exist, parents before children, each once. */
export function missingPaths(nodes: TopicNode[], paths: string[][]): string[][] {
  const out = new Map<string, string[]>();
  for (const path of paths) {
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      if (findPath(nodes, prefix) === null && !out.has(pathKey(prefix))) out.set(pathKey(prefix), prefix);
    }
  }
  return [...out.values()];
}

/**
 * Creates the missing paths with `insert` (parents first) and answers the id at the end of every
 * path asked for, keyed by pathKey.
 */
export async function createPaths(
  nodes: TopicNode[],
  paths: string[][],
  insert: (name: string, parentId: number | null) => Promise<number>,
): Promise<{ ids: Map<string, number>; created: string[][] }> {
  const known = [...nodes];
  const created = missingPaths(nodes, paths);
  for (const path of created) {
    const parentId = path.length > 1 ? findPath(known, path.slice(0, -1)) : null;
    const name = path.at(-1)!;
    known.push({ id: await insert(name, parentId), name, parentId });
  }
  return { ids: new Map(paths.map((path) => [pathKey(path), findPath(known, path)!])), created };
}
