// The set-up's decisions (`npm test` and `.ci/run` make them before any test): from what the machine
// answers (its probes) to what to do. A pure function, so each decision has a test (plan.test.ts)
// without a machine missing anything. docs/testing.md, "What `npm test` sets up".

/**
 * @typedef {object} Probes
 * @property {boolean} root           running as root (may install and start services)
 * @property {boolean} aptGet         Debian's apt-get is there
 * @property {boolean} postgres       something answers on 127.0.0.1:5432
 * @property {boolean} nats           something answers on 127.0.0.1:4222
 * @property {boolean} natsInstalled  a nats-server command is installed (it only needs starting)
 * @property {string | undefined} chromiumPathEnv  CHROMIUM_PATH, when set
 * @property {boolean} chromium       a Chromium is found (CHROMIUM_PATH's file, or Debian's)
 * @property {boolean} xmllint
 * @property {boolean} pdftotext
 * @property {boolean} pdfinfo
 */

/**
 * @typedef {object} Plan
 * @property {string[]} aptPackages   Debian packages to install (as root), in one apt-get call
 * @property {string[]} scripts       repository scripts that install and start a service (as root)
 * @property {{ part: string, command: string }[]} missing  what cannot be done here, and its command
 */

const POSTGRES = 'PostgreSQL on 127.0.0.1:5432';
const NATS = 'NATS with JetStream on 127.0.0.1:4222';

/** @param {Probes} probes @returns {Plan} */
export function planSetup(probes) {
  /** @type {Plan} */
  const plan = { aptPackages: [], scripts: [], missing: [] };
  const installable = probes.root && probes.aptGet;
  const needPackage = (present, part, pkg, hint) => {
    if (present) return;
    if (installable) plan.aptPackages.push(pkg);
    else plan.missing.push({ part, command: hint ?? `sudo apt-get install -y ${pkg}` });
  };
  if (probes.chromiumPathEnv && !probes.chromium) {
    // A CHROMIUM_PATH that names no file is the developer's choice gone stale: never override it.
    plan.missing.push({
      part: `Chromium at CHROMIUM_PATH (${probes.chromiumPathEnv})`,
      command:
        "point CHROMIUM_PATH at a Chromium, or unset it to use Debian's (sudo apt-get install -y chromium)",
    });
  } else {
    needPackage(
      probes.chromium,
      'Chromium',
      'chromium',
      'sudo apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium)',
    );
  }
  needPackage(probes.xmllint, 'xmllint', 'libxml2-utils');
  needPackage(probes.pdftotext && probes.pdfinfo, 'pdftotext and pdfinfo', 'poppler-utils');
  if (!probes.postgres) {
    if (installable) plan.scripts.push('scripts/ensure-postgres.sh');
    else plan.missing.push({ part: POSTGRES, command: 'sudo bash scripts/ensure-postgres.sh' });
  }
  if (!probes.nats) {
    if (installable) plan.scripts.push('scripts/ensure-nats.sh');
    else
      plan.missing.push({
        part: NATS,
        command: probes.natsInstalled
          ? 'nats-server -a 127.0.0.1 -p 4222 -js &'
          : 'sudo bash scripts/ensure-nats.sh',
      });
  }
  return plan;
}

/** The one message `npm test` prints when parts are missing and it cannot add them itself. */
export function missingMessage(missing) {
  return [
    `npm test needs ${missing.length === 1 ? 'one more part' : `${missing.length} more parts`} (as root it installs and starts them itself):`,
    ...missing.map(({ part, command }) => `  - ${part}: ${command}`),
  ].join('\n');
}
