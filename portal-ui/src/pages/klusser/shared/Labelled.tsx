import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

/**
 * A klusser form's label over its input or textarea (as), tied by the id, with no wrapper (the
 * form spaces them); the control takes every other prop.
 */
export function Labelled<T extends 'input' | 'textarea'>({ as, id, label, ...control }: { as: T; id: string; label: ReactNode } & ComponentPropsWithoutRef<T>) {
  const Control: ElementType = as;
  return (
    <>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <Control id={id} className="form-input" {...(control as object)} />
    </>
  );
}
