import { useEffect, type RefObject } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * After a refused submit, the focus goes to the first field marked invalid within `within`, so a
 * keyboard or screen-reader user lands on what needs fixing. react-hook-form does this for its own
 * checks, but not for the server's field messages, which react-admin sets after onSubmit answers
 * them; this runs once a submit is over, with those messages on screen.
 */
export function FocusFirstError({ within }: { within: RefObject<HTMLElement | null> }) {
  const { isSubmitting, submitCount } = useFormState();
  useEffect(() => {
    if (isSubmitting || submitCount === 0) return;
    within.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [isSubmitting, submitCount, within]);
  return null;
}
