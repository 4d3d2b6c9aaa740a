/**
 * The job log's picture: the runner's view of stdout (runner-view.mjs) as the Actions log viewer shows it
 * (groups, annotations, line numbers), dark theme.
 */

const escapeHtml = (s) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const ANNOTATION = { warning: "Warning", error: "Error", notice: "Notice" };

export function logHtml(view, expanded, conclusionOk) {
  let n = 0;
  let group; // { open, head, body[] } while a group is open
  const rows = [];
  const line = (cls, html) =>
    `<div class="line ${cls}"><span class="num">${++n}</span><span class="txt">${html}</span></div>`;
  let groupIndex = 0;
  const closeGroup = () => {
    if (!group) return;
    rows.push(
      `<div class="group${group.open ? " open" : ""}">${group.head}${group.open ? group.body.join("") : ""}</div>`,
    );
    group = undefined;
  };
  const push = (html) => (group ? group.body.push(html) : rows.push(html));
  for (const entry of view) {
    if (entry.kind === "group") {
      closeGroup(); // the viewer does not nest groups
      groupIndex++;
      const open = expanded.has(groupIndex);
      const head = `<div class="line head"><span class="num">${++n}</span><span class="txt"><span class="chev">${
        open ? "▾" : "▸"
      }</span>${escapeHtml(entry.text)}</span></div>`;
      group = { open, head, body: [] };
      continue;
    }
    if (entry.kind === "endgroup") {
      closeGroup();
      continue;
    }
    const [first, ...rest] = entry.text.split(/\r\n|\r|\n/);
    if (entry.kind in ANNOTATION) {
      push(line(entry.kind, `<span class="label">${ANNOTATION[entry.kind]}:</span> ${escapeHtml(first)}`));
      for (const r of rest) push(line(entry.kind, escapeHtml(r)));
    } else {
      for (const l of [first, ...rest]) push(line("", escapeHtml(l)));
    }
  }
  closeGroup();

  const check = conclusionOk
    ? `<svg class="status ok" viewBox="0 0 16 16" width="16" height="16"><path fill="currentColor" d="M8 16A8 8 0 1 1 8 0a8 8 0 0 1 0 16Zm3.78-9.72a.751.751 0 0 0-.018-1.042.751.751 0 0 0-1.042-.018L6.75 9.19 5.28 7.72a.751.751 0 0 0-1.042.018.751.751 0 0 0-.018 1.042l2 2a.75.75 0 0 0 1.06 0Z"/></svg>`
    : `<svg class="status bad" viewBox="0 0 16 16" width="16" height="16"><path fill="currentColor" d="M2.343 13.657A8 8 0 1 1 13.658 2.343 8 8 0 0 1 2.343 13.657ZM6.03 4.97a.751.751 0 0 0-1.042.018.751.751 0 0 0-.018 1.042L6.94 8 4.97 9.97a.749.749 0 0 0 .326 1.275.749.749 0 0 0 .734-.215L8 9.06l1.97 1.97a.749.749 0 0 0 1.275-.326.749.749 0 0 0-.215-.734L9.06 8l1.97-1.97a.749.749 0 0 0-.326-1.275.749.749 0 0 0-.734.215L8 6.94Z"/></svg>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    html, body { margin: 0; background: #010409; }
    #log { width: 1000px; box-sizing: border-box; background: #0d1117; color: #f0f6fc;
      font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
    .job { display: flex; align-items: center; padding: 16px 16px 16px 24px; border-bottom: 1px solid #3d444d; }
    .job h2 { margin: 0; font-size: 16px; font-weight: 600; }
    .job .sub { font-size: 12px; color: #9198a1; margin-top: 2px; }
    .job .spacer { flex: 1; }
    .job .search { width: 220px; height: 28px; box-sizing: border-box; border: 1px solid #3d444d; border-radius: 6px;
      background: #0d1117; color: #9198a1; font-size: 13px; padding: 4px 10px; }
    .steps { padding: 8px 8px 16px; }
    .step { display: flex; align-items: center; gap: 8px; height: 36px; padding: 0 8px; border-radius: 6px;
      background: #151b23; font-size: 14px; font-weight: 600; }
    .step .chev { color: #9198a1; width: 16px; text-align: center; }
    .status.ok { color: #3fb950; }
    .status.bad { color: #f85149; }
    .lines { padding: 6px 0 4px; font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas,
      "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 12px; line-height: 20px; }
    .line { display: flex; align-items: flex-start; }
    .num { flex: none; width: 48px; padding-right: 16px; text-align: right; color: #6e7681; user-select: none; }
    .txt { flex: 1; min-width: 0; white-space: pre-wrap; overflow-wrap: anywhere; color: #d1d7e0; padding-right: 16px; }
    .group.open > .line:not(.head) .txt { padding-left: 20px; }
    .head .txt { color: #f0f6fc; }
    .chev { display: inline-block; width: 16px; margin-right: 4px; color: #9198a1; font-size: 14px; line-height: 1; }
    .warning .label { color: #d29922; font-weight: 600; }
    .error .label { color: #f85149; font-weight: 600; }
    .notice .label { color: #4493f8; font-weight: 600; }
  </style></head><body>
  <div id="log">
    <div class="job"><div><h2>agent</h2><div class="sub">${conclusionOk ? "succeeded" : "failed"}</div></div>
      <span class="spacer"></span><div class="search">Search logs</div></div>
    <div class="steps">
      <div class="step"><span class="chev">▾</span>${check}<span>Run the agent</span></div>
      <div class="lines">${rows.join("\n")}</div>
    </div>
  </div></body></html>`;
}
