/**
 * The confirm, manage and unsubscribe pages are rendered by the server (no page bundle), so they
 * carry a small copy of the page's look inline: the same colours, type, buttons and panel as
 * src/client/styles.css. The content security policy allows inline styles ('unsafe-inline').
 */
export const SUBSCRIPTION_PAGE_STYLE = `
:root{--ink:#1b2430;--muted:#4f5b69;--panel:#f3f6f9;--line:#d5dde6;--accent:#0b5cad;--accent-dark:#084a8c;--focus:#ffbf47;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:var(--ink);background:#fff;line-height:1.45}
*{box-sizing:border-box}body{margin:0}
.page-header{color:#fff;padding:1.25rem 1rem;background:radial-gradient(circle at 30% 20%,#1d4f7a 0%,#0c2238 55%,#060f1a 100%)}
.page-header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:40rem;margin:1.5rem auto;padding:0 1rem}
h1{font-size:1.6rem;line-height:1.2;margin:0 0 .75rem}h2{font-size:1.15rem;margin:1.25rem 0 .5rem}
.panel{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.panel dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}.panel dt{font-weight:600}.panel dd{margin:0;overflow-wrap:anywhere}
ul{padding-left:1.2rem}
button{font:inherit;font-weight:600;cursor:pointer;border-radius:6px;padding:.55rem 1.2rem;margin:.5rem .5rem .5rem 0;background:var(--accent);color:#fff;border:1px solid var(--accent)}
button:hover{background:var(--accent-dark)}
form.secondary button{background:#fff;color:var(--accent)}form.secondary button:hover{background:#eaf2fb}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px;box-shadow:0 0 0 5px var(--ink)}
a{color:var(--accent)}
`;
