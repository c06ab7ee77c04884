// Preloaded (node --import) into a child process the benchmark measures: its peak resident
// set, written last on stderr, since Node tells a parent nothing of a child's resource use.
process.on('exit', () => {
  process.stderr.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
