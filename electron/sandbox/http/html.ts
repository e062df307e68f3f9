// Minimal HTML helpers for the sandbox's browser pages (consent page, dashboard, error pages).
// Every dynamic value goes through escapeHtml: integration names, URLs and state come from callers.

export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; }
.box { border: 1px solid #ccc; border-radius: 8px; padding: 1rem 1.25rem; margin: 1rem 0; }
.error { border-color: #c62828; background: #fff5f5; }
.muted { color: #666; font-size: 0.9rem; }
button { font-size: 1rem; padding: 0.5rem 1.25rem; margin-right: 0.5rem; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: 0.3rem; border-bottom: 1px solid #eee; vertical-align: top; }
code { word-break: break-all; }
`;

/** A full page. `body` must already be escaped markup. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<p class="muted">Service sandbox</p>
${body}
</body>
</html>
`;
}

/** An error page listing what is wrong, one problem per item. */
export function errorPage(title: string, problems: string[]): string {
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('\n');
  return page(
    title,
    `<h1 id="error-title">${escapeHtml(title)}</h1>
<div class="box error" role="alert" id="error-box"><ul id="error-list">
${items}
</ul></div>`,
  );
}
