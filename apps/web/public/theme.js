// Runs before the first paint (a blocking script in index.html; a file, as the Content-Security-
// Policy allows no inline script): puts the chosen theme on <html> so the page never flashes dark
// for someone who wants it light. apps/web/src/lib/theme.ts keeps it up to date afterwards.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('mc-theme');
  } catch {
    // storage blocked: follow the system
  }
  var light = choice === 'light' || (choice !== 'dark' && window.matchMedia('(prefers-color-scheme: light)').matches);
  document.documentElement.dataset.theme = light ? 'light' : 'dark';
})();
