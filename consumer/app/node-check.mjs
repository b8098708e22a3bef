// Plain Node (no bundler) imports the domain package from its tarball.
const domain = await import('@adconsole/domain');
console.log(JSON.stringify({ exports: Object.keys(domain).length }));
