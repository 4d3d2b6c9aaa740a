/**
 * The PR comment's picture: the job summary's markdown rendered the way GitHub renders a comment (GFM,
 * github-markdown-css, diff colouring), in a comment's frame. Nothing in the page is fetched.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { REPO_ROOT as root } from "../../test/harness/launch.mjs";

/** GitHub's highlighting of a ```diff block (the prettylights classes github-markdown-css styles). */
function highlightDiff(escaped) {
  return escaped
    .split("\n")
    .map((l) => {
      if (l.startsWith("--- ")) return `<span class="pl-md">${l}</span>`;
      if (l.startsWith("+++ ")) return `<span class="pl-mi1">${l}</span>`;
      if (l.startsWith("@@")) return `<span class="pl-mdr">${l}</span>`;
      if (l.startsWith("+")) return `<span class="pl-mi1">${l}</span>`;
      if (l.startsWith("-")) return `<span class="pl-md">${l}</span>`;
      return l;
    })
    .join("\n");
}

export function commentHtml(markdown) {
  const marked = new Marked({ gfm: true, breaks: false });
  let body = marked.parse(markdown);
  // What GitHub's pipeline does on top of GFM that matters here: diff colouring of ```diff blocks.
  body = body.replace(
    /<code class="language-diff">([\s\S]*?)<\/code>/g,
    (_, code) => `<code class="language-diff">${highlightDiff(code)}</code>`,
  );
  // The picture shows the first file's diff: open its <details>, as a reader would.
  body = body.replace("<details>", "<details open>");
  // GitHub opens links in the comment as ordinary anchors; nothing here is fetched.
  const css = readFileSync(
    path.join(root, "node_modules/github-markdown-css/github-markdown-light.css"),
    "utf8",
  );
  const avatar = `<svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
    <circle cx="20" cy="20" r="20" fill="#2088ff"/>
    <circle cx="20" cy="20" r="11" fill="none" stroke="#fff" stroke-width="2.6"/>
    <path d="M17.2 15.2v9.6l7.6-4.8z" fill="#fff"/></svg>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
    html, body { margin: 0; background: #fff; }
    body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif,
      "Apple Color Emoji", "Noto Color Emoji"; color: #1f2328; }
    #frame { width: 900px; box-sizing: border-box; padding: 16px 16px 16px 72px; position: relative; background: #fff; }
    .avatar { position: absolute; left: 16px; top: 16px; width: 40px; height: 40px; border-radius: 50%; overflow: hidden;
      box-shadow: 0 0 0 1px rgba(31,35,40,.15); }
    .comment { border: 1px solid #d1d9e0; border-radius: 6px; position: relative; background: #fff; }
    .comment::before, .comment::after { content: ""; position: absolute; top: 11px; right: 100%; width: 0; height: 0;
      border: 8px solid transparent; border-right-color: #d1d9e0; }
    .comment::after { margin-top: 1px; margin-right: -1px; border-width: 7px; border-right-color: #f6f8fa; }
    .header { display: flex; align-items: center; gap: 4px; padding: 0 16px; height: 40px; background: #f6f8fa;
      border-bottom: 1px solid #d1d9e0; border-radius: 6px 6px 0 0; font-size: 14px; color: #59636e; }
    .header strong { color: #1f2328; font-weight: 600; }
    .label { display: inline-block; padding: 0 7px; font-size: 12px; font-weight: 500; line-height: 18px;
      border: 1px solid #d1d9e0; border-radius: 2em; color: #59636e; margin: 0 2px; }
    .header .time { color: #59636e; }
    .header .spacer { flex: 1; }
    .header .role { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px; line-height: 18px; }
    .header .dots { font-size: 16px; letter-spacing: 1px; padding-left: 8px; }
    .markdown-body { padding: 16px; font-size: 14px; }
    .markdown-body details summary { cursor: pointer; }
  </style></head><body>
  <div id="frame">
    <div class="avatar">${avatar}</div>
    <div class="comment">
      <div class="header"><strong>github-actions</strong><span class="label">bot</span> commented
        <span class="time">now</span><span class="spacer"></span><span class="dots">···</span></div>
      <div class="markdown-body">${body}</div>
    </div>
  </div></body></html>`;
}
