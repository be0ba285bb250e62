extension UIAssets {
    /// `style.css`. The stylesheet: light and dark palettes (following the system setting), both at WCAG AA contrast.
    static let styleCSS = #"""
/* Hearth's UI: system fonts, a light and a dark palette chosen by the system setting, every
   text/background pair at WCAG AA contrast (4.5:1) or better in both, visible focus. */
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1f24; --muted: #57606a; --panel: #f6f8fa; --border: #8c959f;
  --accent: #0550ae; --accent-fg: #ffffff; --danger: #a40e26; --danger-fg: #ffffff;
  --allow-bg: #dafbe1; --allow-fg: #0a3622; --deny-bg: #ffebe9; --deny-fg: #6e0b17;
  --error-bg: #fff8c5; --error-fg: #4d2d00; --focus: #0969da; --code-bg: #f6f8fa;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 15px;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9da7b3; --panel: #161b22; --border: #6e7681;
    --accent: #4493f8; --accent-fg: #0d1117; --danger: #ff7b72; --danger-fg: #0d1117;
    --allow-bg: #0f3d24; --allow-fg: #aff5b4; --deny-bg: #5a1016; --deny-fg: #ffdcd7;
    --error-bg: #4d3800; --error-fg: #f8e3a1; --focus: #79c0ff; --code-bg: #161b22;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.top { display: flex; align-items: center; gap: 1.5rem; padding: .5rem 1rem; border-bottom: 1px solid var(--border); background: var(--panel); }
.brand { font-weight: 700; font-size: 1.1rem; }
.top ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
.top a { display: block; padding: .4rem .7rem; border-radius: 6px; text-decoration: none; color: var(--fg); }
.top a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); }
main { padding: 1rem 1rem 4rem; }
h1 { margin: .2rem 0 1rem; font-size: 1.5rem; }
h2 { font-size: 1.15rem; margin: .2rem 0 .6rem; overflow-wrap: anywhere; }
h3 { font-size: 1rem; margin: .2rem 0 .5rem; }
button { font: inherit; padding: .35rem .75rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); cursor: pointer; }
button.small { padding: .1rem .45rem; font-size: .85rem; }
button.danger { background: var(--danger); border-color: var(--danger); color: var(--danger-fg); }
button[hidden] { display: none; }
input, select, textarea { font: inherit; padding: .3rem .45rem; border: 1px solid var(--border); border-radius: 5px; background: var(--bg); color: var(--fg); max-width: 100%; }
textarea { min-width: 14rem; vertical-align: top; }
.field { display: inline-flex; flex-direction: column; gap: .15rem; margin: 0 .75rem .5rem 0; vertical-align: bottom; }
.field label { font-size: .85rem; color: var(--muted); }
.hint { color: var(--muted); }
form.inline { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .25rem; margin-bottom: .5rem; }
form.inline.leaf { display: inline-flex; margin: 0; gap: .25rem; }
.actions { display: flex; gap: .4rem; flex-wrap: wrap; margin: .4rem 0; }
.columns { display: grid; grid-template-columns: minmax(12rem, 1fr) minmax(14rem, 1.3fr) minmax(20rem, 2.5fr); gap: 1rem; align-items: start; }
.columns.two { grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr); }
.panel { background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: .75rem; min-width: 0; }
.card { border: 1px solid var(--border); border-radius: 8px; padding: .75rem; margin: .5rem 0; background: var(--bg); }
.list { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow: auto; }
.list li a { display: block; padding: .2rem .4rem; border-radius: 4px; text-decoration: none; color: var(--fg); overflow-wrap: anywhere; }
.list li a[aria-current] { background: var(--accent); color: var(--accent-fg); }
.muted { color: var(--muted); }
.error { color: var(--danger); }
table { border-collapse: collapse; width: 100%; margin: .4rem 0; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { text-align: left; padding: .3rem .45rem; border-bottom: 1px solid var(--border); vertical-align: top; overflow-wrap: anywhere; }
td.type { color: var(--muted); }
.breadcrumb ol { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem; padding: 0; margin: .3rem 0 .8rem; }
.breadcrumb li + li::before { content: "/"; margin-right: .3rem; color: var(--muted); }
.fields-editor { list-style: none; padding-left: 0; margin: .3rem 0; }
.fields-editor .fields-editor, .array-items { padding-left: 1rem; border-left: 2px solid var(--border); }
.field-row, .array-items > li { display: flex; gap: .3rem; align-items: flex-start; margin: .25rem 0; flex-wrap: wrap; }
.value-editor { display: flex; gap: .3rem; align-items: flex-start; flex-wrap: wrap; }
.value-body { display: flex; flex-direction: column; gap: .25rem; }
.value.short { width: 7rem; }
.field-name { width: 9rem; }
.filters { padding-left: 1.2rem; }
.filter { display: flex; gap: .3rem; margin: .25rem 0; flex-wrap: wrap; }
.tree, .tree ul { list-style: none; padding-left: 1rem; margin: 0; }
.tree li { margin: .15rem 0; }
.toggle { background: transparent; color: var(--fg); border-color: var(--border); padding: 0 .35rem; }
.key { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; margin: 0 .3rem; }
.node-actions { margin-left: .3rem; display: inline-flex; gap: .2rem; }
pre, code, .result { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem; }
pre { background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; padding: .5rem; overflow: auto; }
pre.problem { color: var(--deny-fg); background: var(--deny-bg); white-space: pre-wrap; }
.badge { display: inline-block; padding: .05rem .45rem; border-radius: 999px; font-size: .8rem; font-weight: 600; }
.badge.allow { background: var(--allow-bg); color: var(--allow-fg); }
.badge.deny, .badge.error { background: var(--deny-bg); color: var(--deny-fg); }
.requests tr { cursor: pointer; }
.requests tr.selected td { background: var(--code-bg); font-weight: 600; }
.requests td.path { font-family: ui-monospace, monospace; font-size: .85rem; }
.requests td { white-space: nowrap; }
.requests td.path { white-space: normal; overflow-wrap: anywhere; }
.scroll { max-height: 70vh; overflow: auto; }
.source { font-size: .85rem; padding-left: 3rem; background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px; max-height: 60vh; overflow: auto; }
.source li { white-space: pre; }
.source li::marker { color: var(--muted); }
.line-allow { background: var(--allow-bg); color: var(--allow-fg); }
.line-deny { background: var(--deny-bg); color: var(--deny-fg); }
.line-error { background: var(--error-bg); color: var(--error-fg); }
.evaluated { padding-left: 1rem; }
.evaluated li { padding: .1rem .3rem; margin: .1rem 0; border-radius: 4px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.status { position: fixed; bottom: .5rem; right: .5rem; max-width: min(40rem, 45vw); padding: .4rem 1rem; background: var(--panel); border: 1px solid var(--border); border-radius: 6px; }
.status:empty { display: none; }
.status.error { color: var(--deny-fg); background: var(--deny-bg); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.detail h2:focus { outline: none; }
@media (max-width: 900px) { .columns { grid-template-columns: 1fr; } }
"""#
}
