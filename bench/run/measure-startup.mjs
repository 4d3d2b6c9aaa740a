// @ts-check
/** Start-up: the 3-event run, the action against the floor and bare `node -e 0`, interleaved. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { checkGone, FLOOR, OUT, prepare, REPLAY_AGENT, readJson, readOutputs, runNode } from "../lib.mjs";
import { interleaved } from "./stats.mjs";

/**
 * The 3-event run: wall time of the action vs the floor, and when the action's first output appears
 * (its first statement runs: everything before is Node's start and loading the bundle).
 * @param {import("../lib.mjs").Target} target @param {string} transcript @param {number} runs
 * @param {string[]} leftovers
 */
export async function measureStartup(target, transcript, runs, leftovers) {
  const record = path.join(OUT, "run", "tiny-agent-record.json");
  const r = prepare("tiny", { agentPath: REPLAY_AGENT, actionYml: target.actionYml });
  const scenario = path.join(r.dir, "scenario.json");
  writeFileSync(scenario, JSON.stringify({ transcript, record }));
  const agentPid = () => readJson(record)?.pid;
  /** @type {{ action: number[], firstOutput: number[], floor: number[], node: number[] }} */
  const samples = { action: [], firstOutput: [], floor: [], node: [] };
  const action = async (/** @type {boolean} */ keep) => {
    r.resetFiles();
    const res = await runNode({
      args: [target.dist],
      env: { ...r.actionEnv, FAKE_AGENT_SCENARIO: scenario },
      cwd: r.workspace,
      countStdout: true,
      timeoutMs: 30_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    const outputs = readOutputs(r.files.GITHUB_OUTPUT);
    if (res.code !== 0 || outputs.conclusion !== "success") {
      throw new Error(
        `the action failed on the 3-event run (exit ${res.code}): ${outputs.error}\n${res.stderr}`,
      );
    }
    checkGone(agentPid(), leftovers, "replay agent after a start-up run");
    if (keep) {
      samples.action.push(res.wallMs);
      samples.firstOutput.push(res.firstStdoutMs ?? Number.NaN);
    }
  };
  const floor = async (/** @type {boolean} */ keep) => {
    const res = await runNode({
      args: [FLOOR, r.agentFile, ...r.agentArgs],
      env: { ...r.floorEnv, FAKE_AGENT_SCENARIO: scenario },
      cwd: r.workspace,
      timeoutMs: 30_000,
      extraPids: () => [agentPid()].filter((p) => p !== undefined),
    });
    if (res.code !== 0 || !res.stdout.includes('"lines":3')) {
      throw new Error(`the floor failed on the 3-event run (exit ${res.code}): ${res.stdout}\n${res.stderr}`);
    }
    checkGone(agentPid(), leftovers, "replay agent after a floor start-up run");
    if (keep) samples.floor.push(res.wallMs);
  };
  const bareNode = async (/** @type {boolean} */ keep) => {
    const res = await runNode({ args: ["-e", "0"], env: r.floorEnv, cwd: r.workspace, timeoutMs: 30_000 });
    if (keep) samples.node.push(res.wallMs);
  };
  await interleaved([floor, action, bareNode], runs, "start-up");
  return samples;
}
