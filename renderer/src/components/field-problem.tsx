// Why a field's value is not allowed, said under the field: the input is marked invalid and
// described by the sentence, and takes the focus when the sentence appears, so it is in view.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

export function useFieldProblem(problem: string | null): {
  /** Spread on the field's input. */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
  /** Placed under the input, inside its label. */
  note: ReactNode;
} {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [problem]);
  return {
    inputProps: { ref, 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? id : undefined },
    note: problem ? (
      <span id={id} className="k-error k-field-error" role="alert">
        {problem}
      </span>
    ) : null,
  };
}
