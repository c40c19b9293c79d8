// Runs before first paint: theme, language and direction from the browser's storage, or on a first visit the
// browser's preferred language (web/src/lib/i18n.ts picks the same one and loads its words).
(() => {
  const root = document.documentElement;
  const ours = ['en', 'hi', 'bn', 'te', 'ta', 'mr', 'gu', 'kn', 'ml', 'pa', 'ur', 'as', 'or', 'sa', 'ne', 'sd'];
  let lang = null;
  try {
    if (localStorage.getItem('theme') === 'dark') root.classList.add('dark');
    if (localStorage.getItem('textSize')) root.dataset.textSize = localStorage.getItem('textSize');
    lang = localStorage.getItem('language');
  } catch {
    // Storage blocked: the light theme is the right default.
  }
  if (!ours.includes(lang)) {
    lang = 'en';
    for (const tag of navigator.languages || [navigator.language]) {
      const base = String(tag).split('-')[0].toLowerCase();
      if (ours.includes(base)) {
        lang = base;
        break;
      }
    }
  }
  root.lang = lang;
  root.dir = lang === 'ur' || lang === 'sd' ? 'rtl' : 'ltr';
  // The built page lists each language's common words and font file (web/inline-head-script.ts): fetched now,
  // beside the app, rather than once it has started.
  const early = document.currentScript?.dataset.early;
  for (const href of early ? JSON.parse(early)[lang] || [] : []) {
    const link = document.createElement('link');
    if (href.endsWith('.js')) {
      link.rel = 'modulepreload';
    } else {
      link.rel = 'preload';
      link.as = 'font';
      link.type = 'font/woff2';
      link.crossOrigin = 'anonymous';
    }
    link.href = href;
    document.head.appendChild(link);
  }
})();
