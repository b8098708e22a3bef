// Zod's English messages for the issues a schema does not word itself ('Unrecognized key: "x"'). Classic
// zod installs them globally when it loads; `zod/mini`, which the domain's schemas are built with, does
// not: the forms pass them on every parse, so a form's text never depends on which Zod an app loads.
import en from 'zod/v4/locales/en.js';

/** The parse options every form passes: Zod's English messages. */
export const englishMessages = { error: en().localeError };
