// A probe for the action's own process (run-action.ts `preload`): at each process the action starts, the
// program and whether node:fs/promises is loaded by then, one JSON line each to $SPAWN_PROBE_OUT.
const { appendFileSync } = require("node:fs");
const { ChildProcess } = require("node:child_process");

const out = process.env.SPAWN_PROBE_OUT;
const spawn = ChildProcess.prototype.spawn;
ChildProcess.prototype.spawn = function probed(options) {
  if (out) {
    const fsPromises = process.moduleLoadList.includes("NativeModule internal/fs/promises");
    appendFileSync(out, `${JSON.stringify({ file: options.file, args: options.args, fsPromises })}\n`);
  }
  return spawn.call(this, options);
};
