import type { Messages } from '@lingui/core';

/**
 * Where each part of the catalogue other than the public screens' is fetched from: kept out of the
 * first download (a signed-in screen asks for it with its own code), since /signin needs none.
 */
export const areaCatalogues = import.meta.glob<{ messages: Messages }>(['./locales/*/*.po', '!./locales/public/*.po']);
