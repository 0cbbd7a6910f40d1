import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';

/** The inline messages under an empty required field (docs/product.md#role-profile-form, #mission-form). */
const REQUIRED_FIELD_MESSAGES = {
  text: { messageId: 'common.required.text' },
  select: { messageId: 'common.required.select' },
} as const;

/**
 * Inline marking of empty required fields, beside the form's one combined toast: after a submit
 * with empty fields, each empty field says so under itself (the field components then set
 * `aria-invalid` and point `aria-describedby` at the message), focus goes to the first of them in
 * screen order, and each message stays until that field is filled in.
 *
 * `order` is the fields in the order they appear on screen; `idOf` gives each one's element id.
 */
export function useRequiredFields<F extends string>(order: readonly F[], values: Readonly<Record<F, string>>, idOf: (field: F) => string) {
  const { _ } = useLingui();
  const [checked, setChecked] = useState(false);
  // Focus moves after the render that marks the fields, so the field is announced as invalid.
  // A new object per failed submit, so a second failure focuses again.
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const isEmpty = (field: F) => values[field].trim() === '';

  return {
    /** The field's inline message, or undefined when it needs none. */
    errorFor(field: F, kind: 'text' | 'select' = 'text'): string | undefined {
      return checked && isEmpty(field) ? _(REQUIRED_FIELD_MESSAGES[kind].messageId) : undefined;
    },
    /** Marks the empty fields and focuses the first; true when none is empty. */
    check(): boolean {
      const first = order.find(isEmpty);
      if (first === undefined) return true;
      setChecked(true);
      setFocusRequest({ id: idOf(first) });
      return false;
    },
  };
}
