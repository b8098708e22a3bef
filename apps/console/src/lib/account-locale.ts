// The locale the console formats for and whose week it draws (docs/console.md, "Delivery rules"): an
// account has no locale setting of its own, so it is the browser's language, as the charts' numbers
// use; 'en-US' where there is none (the server's drawing).
export function accountLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}
