// A product outside the monorepo that installs the packed tarballs from npm and uses them the way
// the README says: no Tailwind of its own, only @adconsole/ui/styles.css.
import * as domain from '@adconsole/domain';
import * as forms from '@adconsole/forms';
import { Button } from '@adconsole/ui';
import '@adconsole/ui/styles.css';
import { createRoot } from 'react-dom/client';

function App() {
  return (
    <main className="flex flex-col gap-4 p-6">
      <h1>Consumer of the packed packages</h1>
      <p data-testid="exports">
        domain exports {Object.keys(domain).length}, forms exports {Object.keys(forms).length}
      </p>
      <div className="flex gap-2">
        <Button>Save campaign</Button>
        <Button variant="outline">Cancel</Button>
      </div>
    </main>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
