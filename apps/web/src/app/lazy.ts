import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export, so each page is its own chunk. */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
