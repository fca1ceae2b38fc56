import type { OptionsObject } from 'notistack';

type Show = (message: string, options?: OptionsObject) => void;

let show: Show | null = null;
const waiting: [string, OptionsObject | undefined][] = [];

/**
 * Where toasts go. The toaster (notistack) is not part of the first render: it loads in its own
 * chunk right after, and registers here; toasts asked for before that are shown once it has.
 */
export function setToastTarget(target: Show | null) {
  show = target;
  if (show) for (const [message, options] of waiting.splice(0)) show(message, options);
}

export function showToast(message: string, options?: OptionsObject) {
  if (show) show(message, options);
  else waiting.push([message, options]);
}
