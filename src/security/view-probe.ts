/**
 * Whether the agent's user gets its own view of the machine (agent-view.ts): its plan, with the probe's
 * verdict, as the set-up of the user goes on beside it.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { RUN_DEADLINES } from "../base/deadlines.js";
import type { Privileged } from "./agent-user-end.js";
import { type Ids, PRIVATE_TEMP_DIRS, planView, type ViewPlan, viewArgs } from "./agent-view.js";
import { type Programs, privilegedLater } from "./privileged.js";

export interface ViewSetup {
  s: { uid: number; env: NodeJS.ProcessEnv; runnerTemp?: string };
  bin: Programs;
  asRoot: Privileged;
  owner: { uid: number; gid: number };
  home: string;
  workspace: string;
  installDir: string | undefined;
  /** The agent's name, shown in its namespace (it has no account on the machine). */
  name: string;
}

/**
 * The agent's own view (agent-view.ts), where the probe (started now, as the user `uid` will have, with its
 * uid as its group too) shows the machine allows it: its plan for the user's ids; else why not, in a few
 * words. Never rejects: it runs beside the user's creation, which may fail first and never await it.
 */
export async function ownView(v: ViewSetup, uid: number): Promise<((agent: Ids) => ViewPlan) | string> {
  try {
    return await probedView(v, uid);
  } catch (e) {
    return `its plan could not be made (${(e as Error).message})`;
  }
}

async function probedView(v: ViewSetup, uid: number): Promise<((agent: Ids) => ViewPlan) | string> {
  const python = v.bin.python3;
  if (!python) return "python3 is not in the system's directories";
  const real = (dirs: (string | undefined)[]) => [
    ...new Set(dirs.filter((d): d is string => !!d && existsSync(d)).map((d) => realpathSync(d))),
  ];
  const ownerHome =
    homeOf(v.owner.uid) ?? v.asRoot(v.bin.getent, ["passwd", String(v.owner.uid)]).out.split(":")[5];
  const install = v.installDir && statSync(v.installDir);
  const home = realpathSync(v.home);
  const hidden = real([v.s.env.HOME, userInfo().homedir, ownerHome?.trim(), v.s.runnerTemp]);
  const temp = real([...PRIVATE_TEMP_DIRS]);
  const plan = (agent: Ids) =>
    planView({
      workspace: v.workspace,
      owner: [v.owner.uid, v.owner.gid],
      agent,
      home,
      install: v.installDir && install ? { dir: v.installDir, owner: [install.uid, install.gid] } : undefined,
      hidden,
      temp,
      account: { name: v.name, home },
    });
  const probe = await privilegedLater(
    v.s.uid,
    v.bin.sudo,
    python,
    viewArgs(plan([uid, uid])),
    RUN_DEADLINES.viewProbeMs,
  );
  if (probe.ok) return plan;
  return probe.timedOut
    ? "its set-up did not finish in time"
    : probe.err.split("\n").at(-1) || "its set-up failed";
}

/** A user's home as /etc/passwd has it (no program run); undefined when the file does not name the uid. */
function homeOf(uid: number): string | undefined {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const f = line.split(":");
      if (f.length >= 7 && Number(f[2]) === uid && f[2] !== "") return f[5];
    }
  } catch {
    // unreadable: getent asks the name service
  }
  return undefined;
}
