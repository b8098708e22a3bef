// A page as the server sends it (docs/console.md, "The share page drawn by the server", "Signed-in pages
// drawn by the server"): the page already drawn, before the console's root, and the answers it shows as
// a JSON data block. The console takes them instead of asking for them again, and
// removes the server's drawing in the commit that draws its own page, so the reader sees one page.
import { SERVER_VIEW_ATTRIBUTE, SHARED_REPORT_ELEMENT_ID, type SharedReportBlock } from '@adconsole/domain';

/** Removes what the server drew (nothing when it drew nothing). */
export function dropServerView(doc: Document = document): void {
  for (const element of Array.from(doc.querySelectorAll(`[${SERVER_VIEW_ATTRIBUTE}]`))) element.remove();
}

/** The longest the drawing stays over a console page that is still drawing what is on screen. */
const DRAWN_WAIT_MS = 1500;

/**
 * What the console still has to draw on the screen: the page the drawing shows (its heading, which the
 * console's page draws with it), a section waiting to come near, a chart not sized.
 */
function stillDrawing(root: HTMLElement, view: Element): boolean {
  const height = window.innerHeight;
  const onScreen = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < height && box.height > 0;
  };
  const heading = view.querySelector('h1')?.textContent;
  if (heading && !Array.from(root.querySelectorAll('h1')).some((h1) => h1.textContent === heading))
    return true;
  for (const element of root.querySelectorAll(
    '[data-slot="near-viewport"][data-waiting], [data-chart-placeholder], [data-table-placeholder]',
  ))
    if (onScreen(element)) return true;
  for (const chart of root.querySelectorAll('[data-slot="chart-responsive"]'))
    if (chart.childElementCount === 0 && onScreen(chart)) return true;
  return false;
}

/**
 * Removes the server's drawing once the console's page, laid out beneath it but not shown (styles.css),
 * has drawn what is on the screen: its sections near the screen and their charts, which the console
 * draws a few frames after its first commit (docs/console.md, "The share page read-only until touched").
 * The swap is one frame: the drawing goes and the page shows, where the drawing stood. At most
 * DRAWN_WAIT_MS; at once where nothing was drawn by the server.
 */
export function dropServerViewWhenDrawn(doc: Document = document): () => void {
  const root = doc.getElementById('root');
  const view = doc.querySelector(`[${SERVER_VIEW_ATTRIBUTE}]`);
  if (!root || !view) return () => {};
  const until = performance.now() + DRAWN_WAIT_MS;
  let frame = 0;
  const check = () => {
    if (performance.now() < until && stillDrawing(root, view)) frame = requestAnimationFrame(check);
    else dropServerView(doc);
  };
  frame = requestAnimationFrame(check);
  return () => {
    cancelAnimationFrame(frame);
    dropServerView(doc);
  };
}

/** A query as a string that does not depend on the order of its keys. */
const queryKey = (query: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(query)
      .filter((key) => query[key] !== undefined)
      .sort()
      .map((key) => [key, query[key]]),
  );

/** The block's answers not taken yet, by query; read from the page once. */
let answers: Map<string, unknown> | undefined;

function blockAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = document.getElementById(SHARED_REPORT_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const block = JSON.parse(element.textContent) as SharedReportBlock;
    for (const answer of [block, ...(block.related ?? [])]) answers.set(queryKey(answer.query), answer.data);
  } catch {
    // A block that does not read: the console asks for the figures itself.
  }
  element.remove();
  return answers;
}

/**
 * The answer's data of a call the server made for this page (the report it drew, the period before, the
 * breakdown's tab; the campaign list's page), when `query` is that call's query; undefined otherwise
 * (another range or zone than the server drew, or none drawn). Taken once: a later call of the same query
 * is made as usual.
 */
export function takeServerAnswer(query: Record<string, unknown>): unknown {
  const taken = blockAnswers();
  const key = queryKey(query);
  const data = taken.get(key);
  taken.delete(key);
  return data;
}
