// @ts-check
/**
 * What the default safety strategy costs at start-up: the 3-event run with `safety-strategy: auto` (as
 * root or with passwordless sudo: the agent's own user, set up and released every run) against the same
 * run with `no-sudo`, interleaved, on the README-only checkout and on checkouts of each `--files` count.
 * With the agent's own view (security/agent-view.ts) nothing is done file by file and the difference is
 * flat; through ACLs (where the machine has no idmapped mounts) it grows ~30 µs a file. The header of the
 * run says which it was. Each checkout holds the credential actions/checkout persists by default (an
 * `http.<url>.extraheader` in .git/config), which `auto` takes out while the agent runs and puts back: the
 * bench checks it is back after every run. Needs root or passwordless sudo, with useradd, setfacl, setpriv
 * and kill.
 *
 *   npm exec -- node bench/isolation.mjs [--runs 9] [--files 2000,50000,200000] [--dist worktree|HEAD|<rev>]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateTiny } from "./generate.mjs";
import {
  FAKE_AGENT,
  installCleanup,
  OUT,
  prepare,
  readOutputs,
  runNode,
  selectTarget,
  workspacePath,
} from "./lib.mjs";

const argv = process.argv.slice(2);
const flag = (/** @type {string} */ name, /** @type {string} */ dflt) => {
  const i = argv.indexOf(name);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
};
const runs = Number(flag("--runs", "9"));
const sizes = flag("--files", "2000,50000,200000").split(",").map(Number);
const target = selectTarget(flag("--dist", "worktree"));
installCleanup();

/** What actions/checkout persists (persist-credentials: true, its default): the token as a header. */
const CREDENTIAL_KEY = "http.https://github.com/.extraheader";
const CREDENTIAL = "AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2JlbmNo";

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

/** @param {string} name @param {number} files */
async function measure(name, files) {
  const list = Array.from({ length: files }, (_, i) => {
    const text = `file ${i}\n`;
    return { rel: `src/d${i % 50}/f${i}.txt`, initial: text, final: text };
  });
  /** @type {Record<string, number[]>} */
  const samples = { "no-sudo": [], auto: [] };
  let how = "";
  /** @type {Record<string, ReturnType<typeof prepare> & { scenario: string }>} */
  const runsOf = {};
  for (const strategy of Object.keys(samples)) {
    const r = prepare(`isolation-${name}-${strategy}`, {
      agentPath: FAKE_AGENT,
      actionYml: target.actionYml,
      inputs: { "safety-strategy": strategy, "agent-user": "cursor-agent-bench" },
      files: files > 0 ? list : undefined,
      unchanged: true,
    });
    execFileSync("git", ["-C", r.workspace, "config", "--local", CREDENTIAL_KEY, CREDENTIAL]);
    // Not beside the workspace: the agent's own view covers its neighbours.
    const own = `${r.dir}-agent`;
    rmSync(own, { recursive: true, force: true });
    mkdirSync(own, { recursive: true });
    const transcript = path.join(own, "tiny.ndjson");
    generateTiny(transcript, workspacePath(`isolation-${name}-${strategy}`));
    const scenario = path.join(own, "scenario.json");
    writeFileSync(scenario, JSON.stringify({ transcript }));
    runsOf[strategy] = { ...r, scenario };
  }
  for (let i = 0; i < runs + 1; i++) {
    for (const strategy of i % 2 ? ["auto", "no-sudo"] : ["no-sudo", "auto"]) {
      const r = runsOf[strategy];
      if (!r) continue;
      r.resetFiles();
      const res = await runNode({
        args: [target.dist],
        env: { ...r.actionEnv, FAKE_AGENT_SCENARIO: r.scenario },
        cwd: r.workspace,
        timeoutMs: 60_000,
      });
      const out = readOutputs(r.files.GITHUB_OUTPUT);
      if (res.code !== 0 || out.conclusion !== "success") {
        throw new Error(`${strategy} failed (exit ${res.code}): ${out.error}\n${res.stdout.slice(-2000)}`);
      }
      if (strategy === "auto" && !res.stdout.includes("Safety: unprivileged-user")) {
        throw new Error("auto did not choose unprivileged-user here: run as root or with passwordless sudo");
      }
      const kept = execFileSync("git", ["-C", r.workspace, "config", "--local", CREDENTIAL_KEY])
        .toString()
        .trim();
      if (kept !== CREDENTIAL) throw new Error(`${strategy}: the checkout's credential was not put back`);
      if (strategy === "auto") how = /it sees the workspace/.test(res.stdout) ? "own view" : "ACL";
      if (i > 0) samples[strategy]?.push(res.wallMs);
    }
  }
  const a = median(samples.auto ?? []);
  const n = median(samples["no-sudo"] ?? []);
  console.log(
    `${name.padEnd(22)} no-sudo ${n.toFixed(0)} ms, auto (own user, ${how}) ${a.toFixed(0)} ms: +${(a - n).toFixed(0)} ms (medians of ${runs})`,
  );
}

await measure("README-only checkout", 0);
for (const files of sizes) await measure(`${files} files`, files);
console.log(`results under ${OUT}`);
