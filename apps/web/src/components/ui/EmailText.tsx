import { Fragment } from 'react';

/**
 * An e-mail address that, when it must wrap, wraps before its "@" or a dot, never inside a word
 * ("someone@example.or g" is what `break-all` gives). Put it in an element with `break-words`
 * so an address longer than a line with no such place still fits.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
