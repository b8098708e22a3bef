// A build step of the console: which chunk a module goes to, by the lazily loaded parts of the console
// that load it (docs/console.md, "Chunks by route"). Left to itself, Rolldown gives every set of lazy
// imports that share modules a file of its own: the report's first paint waited for about 70 files,
// each a round trip on a phone's connection. Here a module goes with the part that is always loaded
// whenever any of the parts that need it is: a module of the signed-in frame and the dashboard goes in
// the frame's file (the dashboard never loads without it), one of the report and its charts in the
// report's. A module that pages share, none of which always comes with the others, goes in one of a
// few shared files (`sharedName`), not in a file for each set of parts: a page may fetch a little code
// it does not run, in a handful of files instead of dozens.
//
// Which parts need a module is read from a first build with Rolldown's own chunks: they are formed
// after tree-shaking, by what each part really imports. The module graph's import edges are not
// enough: an import whose names are all shaken away still links two modules.
import path from 'node:path';
import { build, type Rolldown } from 'vite';

/** A lazily loaded part: its chunk's name, and the parts that are always loaded before it. */
export interface LazyPart {
  name: string;
  loadedWith: readonly string[];
  /** A page anyone can open: its shared modules go in a file of their own (`shared-public`). */
  public?: boolean;
  /**
   * The file of the code this part (or a part always loaded with it) shares with other pages, so that
   * a page where many visits land fetches no other page's shared code: the first such part in
   * `CONSOLE_PARTS`'s order that needs a module names its file. On a part loaded on demand (the
   * signed-in frame's overlays), the file of what it shares with pages other than the dashboard: opening
   * it then fetches that file, not the report's or the other screens' shared code.
   */
  sharedFile?: string;
  /**
   * With `sharedFile`: what this part shares with pages, the part named `without` not among them, goes
   * in `file` instead, so that part (the report) fetches none of it: the campaign page's file held the
   * pacing chart and the creatives' calls, which the report's first load does not run.
   */
  sharedApart?: { without: string; file: string };
  /**
   * Loaded after the page has painted (the charts, the toaster) or when the reader asks for it (the
   * schedule dialog's form): never pulled into a page's files.
   */
  afterPaint?: boolean;
}

/**
 * The console's lazy parts, by the module a dynamic import loads (a path under `src`, without its
 * extension). A lazy module not named here is a part of its own, loaded with nothing; one of a
 * workspace package (the ui's calendar) is loaded on demand, like the parts marked `afterPaint`.
 */
/** The console's router part (src/app.tsx): React Router, the route table and its guard. */
const CONSOLE_PART = 'console';

/** Parts drawn by the console's router: each also always loads with its part. */
function withConsole(parts: Record<string, LazyPart>): Record<string, LazyPart> {
  return Object.fromEntries(
    Object.entries(parts).map(([key, part]) => [
      key,
      { ...part, loadedWith: [...part.loadedWith, CONSOLE_PART] },
    ]),
  );
}

/** The ui package's sources, as a path from the console's `src`. */
const UI_SOURCE = '../../../packages/ui/src';

/** An overlay of the signed-in frame, loaded on demand; what it shares with other screens has a file of its own. */
const overlay = (name: string): LazyPart => ({
  name,
  loadedWith: ['signed-in'],
  afterPaint: true,
  sharedFile: 'shared-overlays',
});

/** A part of a campaign page (`page`) loaded after its paint or on demand. */
const campaignLater = (name: string, page: string): LazyPart => ({
  name,
  loadedWith: [page, 'signed-in'],
  afterPaint: true,
});

/** A dialog of the campaign page's owner's cards, loaded when it first opens: always after the cards. */
const campaignCardDialog = (name: string): LazyPart => ({
  name,
  loadedWith: ['campaign-cards', 'campaign', 'signed-in'],
  afterPaint: true,
});

export const CONSOLE_PARTS: Record<string, LazyPart> = {
  // The account pages, drawn without React Router (frames.tsx), and the notifications of every page.
  'screens/account/sign-in': { name: 'sign-in', loadedWith: [], public: true, sharedFile: 'shared-public' },
  'screens/account/sign-up': { name: 'sign-up', loadedWith: [], public: true },
  'screens/account/forgot-password': { name: 'forgot-password', loadedWith: [], public: true },
  'routes/ping': { name: 'ping', loadedWith: [], public: true },
  'components/toaster': { name: 'toaster', loadedWith: [], public: true, afterPaint: true },
  // Every other page: the console's router part first.
  app: { name: CONSOLE_PART, loadedWith: [] },
  ...withConsole({
    'routes/not-found': { name: 'not-found', loadedWith: [] },
    'routes/app-layout': { name: 'signed-in', loadedWith: [] },
    'routes/share-layout': { name: 'share', loadedWith: [] },
    'screens/dashboard/dashboard': { name: 'dashboard', loadedWith: ['signed-in'], sharedFile: 'shared' },
    // The signed-in frame's overlays, loaded when the reader first opens one (docs/console.md, "The
    // signed-in shell's first load"): the bell's panel, the compact menu's sheet, the rail's tooltips.
    // The bell's feed of open alerts, loaded beside the frame: what it shares with the alert screens
    // goes in a file of its own, not in a screen's shared file.
    'screens/alerts/alert-feed': {
      name: 'alert-feed',
      loadedWith: ['signed-in'],
      afterPaint: true,
      sharedFile: 'shared-alerts',
    },
    'screens/alerts/alert-panel': overlay('alert-panel'),
    [`${UI_SOURCE}/app-shell/app-shell-sheet`]: overlay('app-shell-sheet'),
    [`${UI_SOURCE}/sidebar/sidebar-tooltip`]: overlay('sidebar-tooltip'),
    // What the dashboard's chart shares with other screens (the charts' frame and scales) goes in a file
    // of its own: in `shared-screens`, the chart fetched every screen's shared code; before the campaign
    // pages' files, whose code the chart would fetch after the dashboard's paint.
    'screens/dashboard/trend-chart': {
      name: 'trend-chart',
      loadedWith: ['dashboard', 'signed-in'],
      afterPaint: true,
      sharedFile: 'shared-charts',
    },
    // The campaign list's and the campaign page's shared code, before the report's: in `shared-reporting`
    // and `shared-screens` they fetched the report's and every screen's (docs/console.md, "The campaign
    // pages' first load"); the report fetches what it shares with them.
    'screens/campaigns/campaign-list': {
      name: 'campaigns',
      loadedWith: ['signed-in'],
      sharedFile: 'shared-campaigns',
    },
    'screens/campaigns/campaign-view': {
      name: 'campaign',
      loadedWith: ['signed-in'],
      sharedFile: 'shared-campaign',
      sharedApart: { without: 'reporting', file: 'shared-campaign-screens' },
    },
    'screens/reporting/reporting-page': { name: 'reporting', loadedWith: [], sharedFile: 'shared-reporting' },
    'screens/reporting/report-charts': { name: 'report-charts', loadedWith: ['reporting'], afterPaint: true },
    'screens/reporting/report-tables': { name: 'report-tables', loadedWith: ['reporting'], afterPaint: true },
    'screens/reporting/schedule-form': { name: 'schedule-form', loadedWith: ['reporting'], afterPaint: true },
    'screens/files/file-manager-page': { name: 'files', loadedWith: ['signed-in'] },
    'screens/demo/tables': { name: 'demo-tables', loadedWith: ['signed-in'] },
    'screens/billing/billing-page': { name: 'billing', loadedWith: ['signed-in'] },
    'screens/builder/builder-page': { name: 'builder', loadedWith: ['signed-in'] },
    'screens/profile/profile': { name: 'profile', loadedWith: ['signed-in'] },
    // What the campaign pages draw after their first paint, or when the reader opens it (docs/console.md,
    // "The campaign pages' first load"): the owner's cards below the first screen, and the dialogs' forms.
    'screens/campaigns/campaign-owner-cards': campaignLater('campaign-cards', 'campaign'),
    'screens/campaigns/edit-campaign-dialog': campaignLater('edit-campaign', 'campaign'),
    'screens/campaigns/duplicate-campaign-dialog': campaignLater('duplicate-campaign', 'campaign'),
    'screens/campaigns/bulk-upload-dialog': campaignLater('bulk-upload', 'campaign'),
    'screens/campaigns/new-campaign-dialog': campaignLater('new-campaign', 'campaigns'),
    // The cards' dialogs with their forms, when the reader first opens one (card-dialogs.tsx).
    'screens/campaigns/delivery-rules-dialog': campaignCardDialog('delivery-rules-editor'),
    'screens/campaigns/placement-dialogs': campaignCardDialog('placement-dialogs'),
    'screens/campaigns/conversion-dialog': campaignCardDialog('conversion-dialog'),
    'screens/creatives/creative-editor': { name: 'creative', loadedWith: ['signed-in'] },
    'screens/advertisers/advertiser-list': { name: 'advertisers', loadedWith: ['signed-in'] },
    'screens/advertisers/advertiser-page': { name: 'advertiser', loadedWith: ['signed-in'] },
    'screens/advertisers/insertion-order-page': { name: 'insertion-order', loadedWith: ['signed-in'] },
    'screens/admin/user-list': { name: 'users', loadedWith: ['signed-in'] },
    'screens/admin/invite-users': { name: 'invite', loadedWith: ['signed-in'] },
  }),
};

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
export function loadedFiles(
  chunk: Rolldown.OutputChunk,
  byFile: ReadonlyMap<string, { imports: readonly string[] }>,
): Set<string> {
  const files = new Set([chunk.fileName]);
  const queue = [...chunk.imports];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return files;
}

/**
 * What a workspace package's lazy part (the date picker's calendar) always loads with: it is opened
 * on the console's pages only, never on the account pages.
 */
const PACKAGE_PARTS_LOADED_WITH = [CONSOLE_PART];

/**
 * From a build's chunks: each module's chunk name, for the modules the entry loads (`app`) and those
 * that only lazy parts load (the part always loaded with all the others that need it, else a shared
 * file: `sharedName`).
 */
export function planFromChunks(
  chunks: readonly Rolldown.OutputChunk[],
  sourceRoot: string,
  parts: Record<string, LazyPart> = CONSOLE_PARTS,
  packagePartsLoadedWith: readonly string[] = PACKAGE_PARTS_LOADED_WITH,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (chunk: Rolldown.OutputChunk) => loadedFiles(chunk, byFile);
  const partOf = (id: string): LazyPart => {
    const relative = path.relative(sourceRoot, id).replace(/\.[cm]?[jt]sx?$/, '');
    // A package's own lazy part (the date picker's calendar) loads when the reader opens something.
    const onDemand = relative.startsWith('..');
    return (
      parts[relative] ?? {
        name: path.basename(relative),
        loadedWith: onDemand ? packagePartsLoadedWith : [],
        afterPaint: onDemand,
      }
    );
  };

  const byName = new Map(Object.values(parts).map((part) => [part.name, part]));
  /** The pages a part comes with: itself when loaded with nothing first, else those it comes with. */
  const pagesOf = (part: LazyPart): LazyPart[] =>
    part.loadedWith.length === 0
      ? [part]
      : part.loadedWith.flatMap((name) => {
          const page = byName.get(name);
          return page && page.loadedWith.length === 0 ? [page] : [];
        });
  /**
   * Where a module goes that no one part always comes with (docs/console.md, "Shared files by page"):
   * `shared-public` when a public page needs it (its own page's file when it is the only page and the
   * toaster does not need it too); the toaster's file when the toaster shares it with signed-in
   * screens only; else the `sharedFile` of the first part of `CONSOLE_PARTS` that needs it, or comes
   * with one that does (`shared`: the dashboard and its frame; `shared-reporting`: the report);
   * `shared-screens` for the rest. A handful of files rather than one per set of parts (about 45 for
   * the report): a phone pays a round trip per file. Undefined for a module only parts drawn after the
   * paint need: Rolldown places it.
   */
  /** The signed-in home (the dashboard) or its frame, whose shared code goes in `shared`. */
  const home = Object.values(parts).find((part) => part.sharedFile === 'shared');
  const isHome = (part: LazyPart) => part === home || (home?.loadedWith.includes(part.name) ?? false);
  const sharedName = (needing: readonly LazyPart[]): string | undefined => {
    const pages = new Set(needing.filter((part) => !part.afterPaint).flatMap(pagesOf));
    if (pages.size === 0) return undefined;
    // The toaster comes after the paint of every page, the public ones too.
    const everywhere = needing.find((part) => part.public && part.afterPaint);
    if ([...pages].some((page) => page.public)) {
      if (pages.size === 1 && !everywhere) return [...pages][0]?.name;
      // What the dashboard or its frame shares with a public page (the card, an icon) goes with the
      // entry, which every page loads: in `shared-public`, the dashboard would fetch all of that file.
      if (needing.some(isHome)) return 'app';
      if (needing.some((part) => part.sharedFile === 'shared-public')) return 'shared-public';
      // What the sign-in page, where most public visits land, does not need goes in the toaster's file
      // when the notifications need it (they load after every page's paint), else in a file of the
      // other public pages' (sign-up's checkbox).
      return everywhere ? everywhere.name : 'shared-account';
    }
    // What the toaster shares with the signed-in screens only goes in its file, which every page loads
    // anyway: in `shared`, the sign-in page's toaster would fetch the signed-in pages' shared file.
    if (everywhere) return everywhere.name;
    // The code the signed-in home (the dashboard, where most visits land, with its frame) shares goes in
    // its file; then the report's; what is left, the signed-in screens' among themselves, in a third.
    for (const hub of Object.values(parts)) {
      if (!hub.sharedFile) continue;
      // A part loaded on demand names the file only of what it needs itself.
      const needs = hub.afterPaint
        ? needing.includes(hub)
        : needing.some((part) => part === hub || hub.loadedWith.includes(part.name));
      if (!needs) continue;
      const apart = hub.sharedApart;
      return apart && !needing.some((part) => part.name === apart.without) ? apart.file : hub.sharedFile;
    }
    return 'shared-screens';
  };

  const loadedBy = new Map<string, LazyPart[]>(); // file -> the lazy parts that load it
  const initial = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.isEntry) for (const file of closure(chunk)) initial.add(file);
    if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
    const part = partOf(chunk.facadeModuleId);
    for (const file of closure(chunk)) loadedBy.set(file, [...(loadedBy.get(file) ?? []), part]);
  }

  const plan = new Map<string, string>();
  for (const chunk of chunks) {
    if (initial.has(chunk.fileName)) {
      // what every page runs before its first screen, beside the entry's own modules: one file
      if (!chunk.isEntry) for (const id of chunk.moduleIds) plan.set(id, 'app');
      continue;
    }
    const needing = loadedBy.get(chunk.fileName);
    if (!needing) continue;
    const always = needing.find((candidate) =>
      needing.every((part) => part.name === candidate.name || part.loadedWith.includes(candidate.name)),
    );
    const name = always?.name ?? sharedName(needing);
    if (name === undefined) continue;
    for (const id of chunk.moduleIds) plan.set(id, name);
  }
  return plan;
}

/** Set while the first build runs: it forms Rolldown's own chunks, without a plan. */
const PLANNING = 'ADCONSOLE_PLANNING_CHUNKS';

/**
 * The plan, from a first build of the console without it (in memory, not minified); an empty plan
 * inside that build.
 */
export async function planRouteChunks(root: string, configFile: string): Promise<Map<string, string>> {
  if (process.env[PLANNING]) return new Map();
  process.env[PLANNING] = '1';
  try {
    const result = await build({
      root,
      configFile,
      logLevel: 'silent',
      build: { write: false, minify: false, sourcemap: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    );
    const chunks = outputs.filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
    return planFromChunks(chunks, path.join(root, 'src'));
  } finally {
    delete process.env[PLANNING];
  }
}
