import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_DISPLAY_NAME, DELETED_ACCOUNT_LABEL } from '@mc/contract';
import { activateLanguage, withMessages } from './i18n';
import { shownFullName, shownName } from './personNames';

describe("the names the server writes in place of a person's", () => {
  afterEach(() => activateLanguage('en'));

  it('show in the interface language; a name a person chose stays as written', async () => {
    await withMessages(['app'], async () => null)();
    expect(shownFullName({ first_name: 'Anonymous', last_name: 'attendee' })).toBe(ANONYMOUS_DISPLAY_NAME);
    await activateLanguage('zu');
    expect(shownFullName({ first_name: 'Anonymous', last_name: 'attendee' })).toBe('Umhambeli ongaziwa');
    expect(shownName(DELETED_ACCOUNT_LABEL)).toBe('i-akhawunti esusiwe');
    expect(shownFullName({ first_name: 'Thandi', last_name: 'Nkosi' })).toBe('Thandi Nkosi');
  });
});
