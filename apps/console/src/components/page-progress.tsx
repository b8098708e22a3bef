/** The thin line at the top of the page while the next page's code or data is on its way. */
export function PageProgress() {
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 bg-primary"
    />
  );
}
