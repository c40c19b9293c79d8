// Runs before first paint: theme, language and direction from the browser's storage.
(() => {
  const root = document.documentElement;
  try {
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
    const lang = localStorage.getItem('language');
    if (lang) {
      root.lang = lang;
      root.dir = lang === 'ur' || lang === 'sd' ? 'rtl' : 'ltr';
    }
  } catch {
    // Storage blocked: the light theme in English is the right default.
  }
})();
