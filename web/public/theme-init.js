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
  fetchEarly(lang);
  warmIntl(lang);
  // The built page lists each language's common words, and the files of the app's first screen
  // (web/inline-head-script.ts): fetched now, beside the app, rather than once it has started. The screen's only for
  // someone signed in on this device before (web/src/lib/session.ts); anyone else is on their way to /login.
  function fetchEarly(lang) {
    const early = document.currentScript?.dataset.early;
    if (!early) return;
    const { languages, app } = JSON.parse(early);
    const files = [...languages[lang].words];
    let signedIn = false;
    try {
      signedIn = localStorage.getItem('signedIn') === '1';
    } catch {
      // Storage blocked: no hint.
    }
    const path = location.pathname;
    if (signedIn && !app.signedOut.some((p) => path === p || path.startsWith(`${p}/`))) {
      files.push('/api/session', ...app.frame, ...languages[lang].screens, ...(app.pages[path] || []));
    }
    for (const href of new Set(files)) {
      const link = document.createElement('link');
      if (href.startsWith('/api/')) {
        // The first question the app asks (who is signed in), asked now; the app's own fetch takes this answer.
        link.rel = 'preload';
        link.as = 'fetch';
        link.crossOrigin = 'anonymous';
      } else {
        link.rel = 'modulepreload';
      }
      link.href = href;
      document.head.appendChild(link);
    }
  }

  // The first number or date the app formats makes the browser load its locale data: one 50 ms task on a
  // fast phone, 200 ms and more on a cheap one, which froze the home page just as its figures arrived. Done
  // here, while the stylesheet and the app are still on their way, it costs the passenger no waiting.
  function warmIntl(language) {
    try {
      new Intl.NumberFormat(language === 'en' ? 'en-IN' : language).format(0);
    } catch {
      // An old browser without that locale: the app falls back the same way.
    }
  }
})();
