// The set-up `npm test` (scripts/test.mjs) makes before any test, and so `.ci/run` too: probe the
// machine, decide (plan.mjs), then as root install and start what is missing (Debian's packages, the
// PostgreSQL and NATS scripts), otherwise print one message naming each missing part and its command.
import { root, run } from '../lib.mjs';
import { missingMessage, planSetup } from './plan.mjs';
import { probeMachine } from './probes.mjs';

const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

export async function ensureSetup() {
  const plan = planSetup(await probeMachine());
  if (plan.missing.length > 0) {
    throw Object.assign(new Error(missingMessage(plan.missing)), { code: 1 });
  }
  if (plan.aptPackages.length > 0) {
    console.log(`Installing ${plan.aptPackages.join(', ')} from Debian…`);
    await run('apt-get', ['update', '-qq'], { env: aptEnv });
    await run('apt-get', ['install', '-y', '-qq', ...plan.aptPackages], {
      env: aptEnv,
    });
  }
  for (const script of plan.scripts) await run('bash', [script], { cwd: root });
  // What was installed and started answers now, or the run stops here with what still does not.
  if (plan.aptPackages.length + plan.scripts.length === 0) return;
  const after = planSetup({ ...(await probeMachine()), root: false });
  if (after.missing.length > 0) {
    throw Object.assign(new Error(missingMessage(after.missing)), { code: 1 });
  }
}
