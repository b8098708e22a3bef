// A creative's tracking script: it marks the document it runs in, so a test can tell where it ran.
document.documentElement.setAttribute('data-tracker-ran', 'yes');
