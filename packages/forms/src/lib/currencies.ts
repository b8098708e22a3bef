// The currencies a form offers first (ISO 4217): the rate's and the conversion actions'. A stored code
// outside the list is offered too by the field that shows it.
const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
] as const;

/** The choices of a currency field: the common ones, with `current` first when it is not among them. */
export const currencyChoices = (current?: string | undefined) =>
  [
    ...(current && !(COMMON_CURRENCIES as readonly string[]).includes(current) ? [current] : []),
    ...COMMON_CURRENCIES,
  ].map((code) => ({ value: code, label: code }));
