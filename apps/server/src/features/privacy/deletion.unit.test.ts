import { describe, expect, it } from 'vitest';
import { withoutPerson } from '../../kernel/account-deletion.ts';

describe('withoutPerson', () => {
  const deletion = { identifiers: ['6f1c2d0e-1111-4222-8333-944445555666', 'Zanele.Mokoena@example.org', 'Zanele', 'van der Merwe'] };

  it('takes every mention of the person out of an organiser’s reason, in any case', () => {
    expect(withoutPerson('Zanele asked by mail (zanele.mokoena@EXAMPLE.org) on 3 Dec; id 6f1c2d0e-1111-4222-8333-944445555666', deletion)).toBe(
      'deleted account asked by mail (deleted account) on 3 Dec; id deleted account',
    );
    expect(withoutPerson('Request from Mrs VAN DER MERWE', deletion)).toBe('Request from Mrs deleted account deleted account deleted account');
  });

  it('leaves words that only contain a name, and reasons without one, as they are', () => {
    expect(withoutPerson('Zaneles and Vandermerwe are other people', deletion)).toBe('Zaneles and Vandermerwe are other people');
    expect(withoutPerson('Asked at the desk', deletion)).toBe('Asked at the desk');
  });
});
