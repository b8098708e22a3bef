// The set-up's decisions (docs/testing.md, "What `npm test` sets up"): what answers is left alone; as
// root on Debian what is missing is installed and started; otherwise one message names each missing part
// and the command that starts it.
import { describe, expect, it } from 'vitest';
import { missingMessage, planSetup } from './plan.mjs';

const complete = {
  root: false,
  aptGet: true,
  postgres: true,
  nats: true,
  natsInstalled: true,
  chromiumPathEnv: undefined,
  chromium: true,
  xmllint: true,
  pdftotext: true,
  pdfinfo: true,
};
const bare = {
  ...complete,
  postgres: false,
  nats: false,
  natsInstalled: false,
  chromium: false,
  xmllint: false,
  pdftotext: false,
  pdfinfo: false,
};

describe('the set-up npm test makes first', () => {
  it('does nothing on a machine where every part answers, root or not', () => {
    const nothing = { aptPackages: [], scripts: [], missing: [] };
    expect(planSetup(complete)).toEqual(nothing);
    expect(planSetup({ ...complete, root: true })).toEqual(nothing);
  });

  it('as root on a bare Debian machine installs the tools in one apt-get and runs both service scripts', () => {
    expect(planSetup({ ...bare, root: true })).toEqual({
      aptPackages: ['chromium', 'libxml2-utils', 'poppler-utils'],
      scripts: ['scripts/ensure-postgres.sh', 'scripts/ensure-nats.sh'],
      missing: [],
    });
  });

  it('as root installs only what is missing: poppler-utils when pdfinfo alone is absent', () => {
    expect(planSetup({ ...complete, root: true, pdfinfo: false })).toEqual({
      aptPackages: ['poppler-utils'],
      scripts: [],
      missing: [],
    });
  });

  it('as root starts only the service that does not answer', () => {
    expect(planSetup({ ...complete, root: true, nats: false }).scripts).toEqual(['scripts/ensure-nats.sh']);
    expect(planSetup({ ...complete, root: true, postgres: false }).scripts).toEqual([
      'scripts/ensure-postgres.sh',
    ]);
  });

  it('without root names each missing part with the command that adds or starts it', () => {
    const plan = planSetup(bare);
    expect(plan.aptPackages).toEqual([]);
    expect(plan.scripts).toEqual([]);
    expect(plan.missing).toEqual([
      { part: 'Chromium', command: 'sudo apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium)' },
      { part: 'xmllint', command: 'sudo apt-get install -y libxml2-utils' },
      { part: 'pdftotext and pdfinfo', command: 'sudo apt-get install -y poppler-utils' },
      { part: 'PostgreSQL on 127.0.0.1:5432', command: 'sudo bash scripts/ensure-postgres.sh' },
      { part: 'NATS with JetStream on 127.0.0.1:4222', command: 'sudo bash scripts/ensure-nats.sh' },
    ]);
  });

  it('without root, an installed nats-server that is not running is started, not installed', () => {
    expect(planSetup({ ...complete, nats: false }).missing).toEqual([
      { part: 'NATS with JetStream on 127.0.0.1:4222', command: 'nats-server -a 127.0.0.1 -p 4222 -js &' },
    ]);
  });

  it('as root without apt-get (not Debian) says what to add instead of installing', () => {
    const plan = planSetup({ ...bare, root: true, aptGet: false });
    expect(plan.aptPackages).toEqual([]);
    expect(plan.scripts).toEqual([]);
    expect(plan.missing.map(({ part }) => part)).toEqual([
      'Chromium',
      'xmllint',
      'pdftotext and pdfinfo',
      'PostgreSQL on 127.0.0.1:5432',
      'NATS with JetStream on 127.0.0.1:4222',
    ]);
  });

  it('a CHROMIUM_PATH that names no file is reported, never replaced by an install, even as root', () => {
    const plan = planSetup({ ...complete, root: true, chromiumPathEnv: '/opt/gone/chrome', chromium: false });
    expect(plan.aptPackages).toEqual([]);
    expect(plan.missing).toEqual([
      {
        part: 'Chromium at CHROMIUM_PATH (/opt/gone/chrome)',
        command:
          "point CHROMIUM_PATH at a Chromium, or unset it to use Debian's (sudo apt-get install -y chromium)",
      },
    ]);
  });

  it('a CHROMIUM_PATH that names a file needs no Debian Chromium', () => {
    expect(planSetup({ ...complete, chromiumPathEnv: '/opt/chrome', chromium: true }).missing).toEqual([]);
  });

  it('prints one message, a line per missing part', () => {
    expect(
      missingMessage([
        { part: 'xmllint', command: 'sudo apt-get install -y libxml2-utils' },
        { part: 'PostgreSQL on 127.0.0.1:5432', command: 'sudo bash scripts/ensure-postgres.sh' },
      ]),
    ).toBe(
      [
        'npm test needs 2 more parts (as root it installs and starts them itself):',
        '  - xmllint: sudo apt-get install -y libxml2-utils',
        '  - PostgreSQL on 127.0.0.1:5432: sudo bash scripts/ensure-postgres.sh',
      ].join('\n'),
    );
    expect(missingMessage([{ part: 'xmllint', command: 'x' }])).toMatch(/^npm test needs one more part/);
  });
});
