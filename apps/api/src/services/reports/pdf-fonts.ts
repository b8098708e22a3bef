// pdfmake's fonts (its own Roboto files) and its access policies, set once per thread: the scheduled
// report's PDF (pdf.ts, main thread) and the billing statement's (statement-files.ts, report worker).
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';

const require = createRequire(import.meta.url);
const fontsDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

let configured = false;
/** Sets the fonts and the policies on the first PDF of the thread. */
export function configurePdf() {
  if (configured) return;
  pdfmake.addFonts({
    Roboto: {
      normal: path.join(fontsDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontsDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontsDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontsDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // A report holds nothing that needs the network or other files (CVE-2024 class of pdfmake issues).
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontsDir));
  configured = true;
}
