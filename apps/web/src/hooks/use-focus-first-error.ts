import { useEffect, useRef, useState } from 'react';

/** The first field marked invalid, as something that takes focus (MUI's select marks its hidden input). */
function firstInvalid(root: HTMLElement | null): HTMLElement | null {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
  if (invalid instanceof HTMLInputElement && (invalid.type === 'hidden' || invalid.getAttribute('aria-hidden') === 'true' || invalid.tabIndex < 0)) {
    return invalid.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? null;
  }
  return invalid;
}

/**
 * After a submit that found errors, focus goes to the first invalid field once the errors are
 * drawn: a screen reader reads its name and its error (the helper text it is described by), and
 * the keyboard is where the fix is. Put `ref` on the form; call `focusFirstError` when a submit is
 * refused.
 */
export function useFocusFirstError<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) firstInvalid(ref.current)?.focus();
  }, [refusals]);
  return { ref, focusFirstError: () => setRefusals((count) => count + 1) };
}
