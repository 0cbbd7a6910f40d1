import { DateTimeFormat } from '@formatjs/intl-datetimeformat';
import { shouldPolyfill as dateTimeFormatLacks } from '@formatjs/intl-datetimeformat/should-polyfill.js';
import { NumberFormat } from '@formatjs/intl-numberformat';
import { shouldPolyfill as numberFormatLacks } from '@formatjs/intl-numberformat/should-polyfill.js';
import { registerFormatters, type DateFormatter } from './formats';

/**
 * FormatJS's date and number formatters, with the data of a language the browser does not write
 * (decision 057): fetched only when such a language is the interface's, never with the first
 * download. They stand in for that language alone (formats.ts); the browser's Intl is left as it is.
 */

/** The CLDR data FormatJS ships, for the languages the interface speaks that a browser may lack. */
const DATA: Record<string, { dates: () => Promise<unknown>; numbers: () => Promise<unknown> }> = {
  zu: { dates: () => import('@formatjs/intl-datetimeformat/locale-data/zu.js'), numbers: () => import('@formatjs/intl-numberformat/locale-data/zu.js') },
  xh: { dates: () => import('@formatjs/intl-datetimeformat/locale-data/xh.js'), numbers: () => import('@formatjs/intl-numberformat/locale-data/xh.js') },
};

type WithData = { __addLocaleData?: (...data: unknown[]) => void };

/**
 * Runs one of FormatJS's data files, which hands its data to `Intl.DateTimeFormat.__addLocaleData`
 * (or NumberFormat's) when the page's Intl is FormatJS's: for that moment the browser's constructor
 * passes it on to the stand-in, and is then left as it was.
 */
async function addData(native: WithData, standIn: { __addLocaleData: (...data: never[]) => void }, load: () => Promise<unknown>): Promise<void> {
  native.__addLocaleData = (...data) => standIn.__addLocaleData(...(data as never[]));
  try {
    await load();
  } finally {
    delete native.__addLocaleData;
  }
}

/** Makes `language`'s dates, times and numbers right where the browser lacks them. */
export async function loadFormatsFor(language: string): Promise<void> {
  const data = DATA[language];
  if (!data) return;
  if (dateTimeFormatLacks(language)) {
    await addData(Intl.DateTimeFormat as WithData, DateTimeFormat, data.dates);
    // FormatJS types its parts more widely than TypeScript's DOM library; the values are the same.
    registerFormatters(language, { dates: (locale, options) => new DateTimeFormat(locale, options as object) as unknown as DateFormatter });
  }
  if (numberFormatLacks(language)) {
    await addData(Intl.NumberFormat as WithData, NumberFormat, data.numbers);
    registerFormatters(language, { numbers: (locale, options) => new NumberFormat(locale, options as object) });
  }
}
