// The countries a delivery rule can name (docs/serving.md, "Delivery rules"): the ISO 3166-1 alpha-2
// codes assigned today, and XK (Kosovo), the user-assigned code the IP-to-country databases answer for
// it. The country of a request is the one the serving edge derives for breakdowns and invalid traffic
// (apps/api's services/serving/country.ts): an address in none of them is unknown ('').

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW XK';

/** Every country code a rule may name, in alphabetical order (XK last). */
export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

const KNOWN = new Set(COUNTRY_CODES);

/** Whether a text is a country code a rule may name ('DE'; never 'de', 'EU' or 'XX'). */
export const isCountryCode = (code: string): boolean => KNOWN.has(code);

let regionNames: Intl.DisplayNames | undefined;
/** A country's name from its ISO 3166-1 alpha-2 code (Intl.DisplayNames, English); the code when unknown. */
export function countryLabel(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
