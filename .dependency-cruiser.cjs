/**
 * The layers of src/, bottom to top (docs/architecture.md draws them). A module may import from its own
 * layer and the ones below it, never from one above; no cycle anywhere, type imports included
 * (`tsPreCompilationDeps`), between files or between folders (each folder is a layer of its own, so a
 * cycle between two folders is an import against the order). `npm run lint` runs this.
 */
const LAYERS = [
  "base", // errors, limits, deadlines, formatting, the redactor, what never reaches the agent
  "settings", // the inputs, read and validated once
  "stream", // bytes → lines → events (the wire format)
  "tools", // each tool kind: its arguments, outcome and how it is said
  "model", // the run model: tool calls, text, the verdict's rules
  "pipeline", // bytes in, model updates out; feeding it from a readable
  "git", // the only place git runs
  "github", // the API client, the event context, the comment marker
  "changes", // the file changes: tracked from the stream, checked against git, diffed
  "render", // text for the log and markdown for GitHub, sanitised
  "structured", // the structured-output contract
  "review", // review mode: findings checked, the review built and posted
  "report", // the markdown report (job summary, PR comment)
  "agent", // the agent's process: command, start, supervision, its stdout file
  "security", // the safety strategies, the agent user, the action's own environment
  "install", // the Cursor CLI installer
  "session", // a thread's chat carried across runs in the Actions cache
  "gates", // who may start the agent; its protected configuration
  "conversation", // conversation mode: whether the action was asked, the task made of the thread, cleaned
  "deliver", // the agent's changes delivered: a commit GitHub signs, a branch, a pull request
  "publish", // the one writer of outputs and summaries; the comment and the progress comment
  "run", // the run's phases
];

const folder = (name) => `^src/${name}/`;
/** The entry: src/main.ts and src/index.ts, above every layer. */
const ENTRY = "^src/[^/]+\\.ts$";

const upward = LAYERS.map((name, i) => ({
  name: `layer-${name}`,
  comment: `${name} imports only from itself and the layers below it (${LAYERS.slice(0, i).join(", ") || "none"})`,
  severity: "error",
  from: { path: folder(name) },
  to: { path: [...LAYERS.slice(i + 1).map(folder), ENTRY] },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no cycle between files (and so, with the layer rules, none between folders)",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unknown-folder",
      comment: "every folder of src/ has its place in LAYERS",
      severity: "error",
      from: { path: "^src/", pathNot: [...LAYERS.map(folder), ENTRY] },
      to: {},
    },
    ...upward,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/",
  },
};
