// The notifications' renderer, as its own chunk: RootLayout loads it beside the first screen.
import { Toaster } from '@adconsole/ui';

export default Toaster;
