// Two pages: the widgets from fixtures (index.html) and a campaign report fetched from the API with a
// personal API token by the product's own server (report.html, served by product-server.mjs).
export default {
  build: { rollupOptions: { input: { main: 'index.html', report: 'report.html' } } },
};
