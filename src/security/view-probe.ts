/**
 * Whether the agent's user gets its own view of the machine (agent-view.ts), and its plan. The probe (the
 * whole set-up but the agent, agent-view.py without a command) is started as soon as the strategy is known,
 * before admission, the CLI and the snapshot, and runs beside them: its verdict is read when the user is set
 * up. It is made without the user's home and install, which are not there yet: the home is a plain view
 * (nothing mapped), and an install on another file system than the workspace's is probed again then, with
 * its idmapped view.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { RUN_DEADLINES } from "../base/deadlines.js";
import type { Privileged } from "./agent-user-end.js";
import {
  type Ids,
  PRIVATE_TEMP_DIRS,
  planView,
  type ViewInput,
  type ViewPlan,
  viewArgs,
} from "./agent-view.js";
import { type Programs, privilegedLater } from "./privileged.js";

/** What the probe needs: the machine, the workspace (its real path) and its owner. */
export interface ProbeSetup {
  s: { uid: number; env: NodeJS.ProcessEnv; runnerTemp?: string };
  bin: Programs;
  asRoot: Privileged;
  workspace: string;
  owner: { uid: number; gid: number };
}

export interface ViewSetup extends ProbeSetup {
  home: string;
  installDir: string | undefined;
  /** The agent's name, shown in its namespace (it has no account on the machine). */
  name: string;
}

/** The probe's verdict: undefined when the machine allows the view, else why not, in a few words. */
export type Verdict = string | undefined;

/** The probe, started now; never rejects (its set-up's failure is a reason). */
export function probeView(p: ProbeSetup, probeUid: number): Promise<Verdict> {
  try {
    const account = { name: "probe", home: "/" };
    return probe(p, planView({ ...common(p), agent: [probeUid, probeUid], account }));
  } catch (e) {
    return Promise.resolve(`its plan could not be made (${(e as Error).message})`);
  }
}

/**
 * The agent's own view where the probe (`early`, or one started now) allowed it: its plan for the user's
 * ids; else why not. Never rejects.
 */
export async function ownView(
  v: ViewSetup,
  early: Promise<Verdict>,
  uid: number,
): Promise<((agent: Ids) => ViewPlan) | string> {
  try {
    const home = realpathSync(v.home);
    const install = v.installDir ? statSync(v.installDir) : undefined;
    const plan = (agent: Ids) =>
      planView({
        ...common(v),
        agent,
        home,
        install:
          v.installDir && install ? { dir: v.installDir, owner: [install.uid, install.gid] } : undefined,
        account: { name: v.name, home },
      });
    let verdict = await early;
    // The install's idmapped view on another file system: that one's support is not the workspace's.
    if (verdict === undefined && install && install.dev !== statSync(v.workspace).dev)
      verdict = await probe(v, plan([uid, uid]));
    return verdict ?? plan;
  } catch (e) {
    return `its plan could not be made (${(e as Error).message})`;
  }
}

/** The plan's parts known before the user is: the workspace, what is covered, the private temp dirs. */
function common(p: ProbeSetup): Omit<ViewInput, "agent"> {
  const real = (dirs: (string | undefined)[]) => [
    ...new Set(dirs.filter((d): d is string => !!d && existsSync(d)).map((d) => realpathSync(d))),
  ];
  const ownerHome =
    homeOf(p.owner.uid) ?? p.asRoot(p.bin.getent, ["passwd", String(p.owner.uid)]).out.split(":")[5];
  return {
    workspace: p.workspace,
    owner: [p.owner.uid, p.owner.gid],
    hidden: real([p.s.env.HOME, userInfo().homedir, ownerHome?.trim(), p.s.runnerTemp]),
    temp: real([...PRIVATE_TEMP_DIRS]),
  };
}

async function probe(p: ProbeSetup, plan: ViewPlan): Promise<Verdict> {
  try {
    const python = p.bin.python3;
    if (!python) return "python3 is not in the system's directories";
    const r = await privilegedLater(p.s.uid, p.bin.sudo, python, viewArgs(plan), RUN_DEADLINES.viewProbeMs);
    if (r.ok) return undefined;
    return r.timedOut ? "its set-up did not finish in time" : r.err.split("\n").at(-1) || "its set-up failed";
  } catch (e) {
    return `its plan could not be made (${(e as Error).message})`;
  }
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
