import { DEFAULT_COUNTRY } from '@mc/contract';

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: string;
  /** With the leading "+", e.g. "+27". */
  dialCode: string;
  /** Emoji flag built from the code: no image, no network (venue Wi-Fi, strict CSP). */
  flag: string;
}

// code|name|dial code. Countries sharing a dial code keep their own entry.
const RAW = `AF|Afghanistan|93;AL|Albania|355;DZ|Algeria|213;AO|Angola|244;AR|Argentina|54;AM|Armenia|374;AU|Australia|61;AT|Austria|43;
AZ|Azerbaijan|994;BH|Bahrain|973;BD|Bangladesh|880;BE|Belgium|32;BJ|Benin|229;BA|Bosnia and Herzegovina|387;BW|Botswana|267;
BR|Brazil|55;BN|Brunei|673;BG|Bulgaria|359;BF|Burkina Faso|226;BI|Burundi|257;KH|Cambodia|855;CM|Cameroon|237;CA|Canada|1;
CV|Cape Verde|238;TD|Chad|235;CL|Chile|56;CN|China|86;CO|Colombia|57;KM|Comoros|269;CD|Congo (DRC)|243;CG|Congo (Republic)|242;
HR|Croatia|385;CY|Cyprus|357;CZ|Czechia|420;CI|Côte d'Ivoire|225;DK|Denmark|45;DJ|Djibouti|253;EG|Egypt|20;ER|Eritrea|291;
EE|Estonia|372;SZ|Eswatini|268;ET|Ethiopia|251;FI|Finland|358;FR|France|33;GA|Gabon|241;GM|Gambia|220;GE|Georgia|995;
DE|Germany|49;GH|Ghana|233;GR|Greece|30;GN|Guinea|224;HK|Hong Kong|852;HU|Hungary|36;IS|Iceland|354;IN|India|91;
ID|Indonesia|62;IR|Iran|98;IQ|Iraq|964;IE|Ireland|353;IT|Italy|39;JP|Japan|81;JO|Jordan|962;KZ|Kazakhstan|7;KE|Kenya|254;
XK|Kosovo|383;KW|Kuwait|965;KG|Kyrgyzstan|996;LV|Latvia|371;LB|Lebanon|961;LS|Lesotho|266;LR|Liberia|231;LY|Libya|218;
LT|Lithuania|370;LU|Luxembourg|352;MG|Madagascar|261;MW|Malawi|265;MY|Malaysia|60;MV|Maldives|960;ML|Mali|223;MT|Malta|356;
MR|Mauritania|222;MU|Mauritius|230;MX|Mexico|52;MA|Morocco|212;MZ|Mozambique|258;NA|Namibia|264;NL|Netherlands|31;
NZ|New Zealand|64;NE|Niger|227;NG|Nigeria|234;MK|North Macedonia|389;NO|Norway|47;OM|Oman|968;PK|Pakistan|92;PS|Palestine|970;
PH|Philippines|63;PL|Poland|48;PT|Portugal|351;QA|Qatar|974;RO|Romania|40;RU|Russia|7;RW|Rwanda|250;SA|Saudi Arabia|966;
SN|Senegal|221;RS|Serbia|381;SC|Seychelles|248;SL|Sierra Leone|232;SG|Singapore|65;SK|Slovakia|421;SI|Slovenia|386;
SO|Somalia|252;ZA|South Africa|27;KR|South Korea|82;SS|South Sudan|211;ES|Spain|34;LK|Sri Lanka|94;SD|Sudan|249;SE|Sweden|46;
CH|Switzerland|41;SY|Syria|963;TW|Taiwan|886;TJ|Tajikistan|992;TZ|Tanzania|255;TH|Thailand|66;TG|Togo|228;TN|Tunisia|216;
TR|Türkiye|90;TM|Turkmenistan|993;UG|Uganda|256;UA|Ukraine|380;AE|United Arab Emirates|971;GB|United Kingdom|44;
US|United States|1;UZ|Uzbekistan|998;YE|Yemen|967;ZM|Zambia|260;ZW|Zimbabwe|263`;

export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((char) => 0x1f1e6 + char.charCodeAt(0) - 65));
}

export const COUNTRIES: readonly Country[] = RAW.split(';')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [code = '', name = '', dial = ''] = entry.split('|');
    return { code, name, dialCode: `+${dial}`, flag: flagEmoji(code) };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export const DEFAULT_COUNTRY_CODE: string = DEFAULT_COUNTRY.code;

const countriesByLanguage = new Map<string, readonly Country[]>();

/**
 * The countries named and sorted in `language`: English keeps the names above; the other languages
 * take the browser's own country names (CLDR, through Intl.DisplayNames), where it has them.
 */
export function countriesIn(language: string): readonly Country[] {
  if (language === 'en') return COUNTRIES;
  let named = countriesByLanguage.get(language);
  if (!named) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    named = COUNTRIES.map((country) => ({ ...country, name: names.of(country.code) ?? country.name })).sort((a, b) => a.name.localeCompare(b.name, language));
    countriesByLanguage.set(language, named);
  }
  return named;
}

export function countryByCode(code: string): Country {
  const found = COUNTRIES.find((country) => country.code === code) ?? COUNTRIES.find((country) => country.code === DEFAULT_COUNTRY_CODE);
  if (!found) throw new Error(`Unknown default country ${DEFAULT_COUNTRY_CODE}`);
  return found;
}

/** Digits only: everything else typed or pasted is dropped (docs/product.md#sign-up-screen). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The full international value: dial code plus digits, or "" when no digits were typed. */
export function fullMobileNumber(country: Country, digits: string): string {
  return digits ? `${country.dialCode}${digits}` : '';
}
