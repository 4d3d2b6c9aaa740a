/**
 * Whether the agent's user gets its own view of the machine (agent-view.ts), and its plan: the process that
 * makes it was started with the strategy and is held (held-view.ts); the plan goes to it once the user's
 * ids, home and install are known, and its set-up is the probe.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import type { Privileged } from "./agent-user-end.js";
import { type Ids, PRIVATE_TEMP_DIRS, planView, type ViewInput, type ViewPlan } from "./agent-view.js";
import type { HeldView } from "./held-view.js";
import type { Programs } from "./privileged.js";

/** What the plan needs: the machine, the workspace (its real path) and its owner. */
export interface PlanBase {
  s: { uid: number; env: NodeJS.ProcessEnv; runnerTemp?: string };
  bin: Programs;
  asRoot: Privileged;
  workspace: string;
  owner: { uid: number; gid: number };
}

export interface ViewSetup extends PlanBase {
  home: string;
  installDir: string | undefined;
  /** The agent's name, shown in its namespace (it has no account on the machine). */
  name: string;
}

/**
 * The agent's own view, where the held process (held-view.ts, started with the strategy) can set it up: its
 * plan for the user's ids, sent and set up; else why not (the held process is then let go of). Never rejects.
 */
export async function ownView(v: ViewSetup, held: HeldView | string, agent: Ids): Promise<ViewPlan | string> {
  if (typeof held === "string") return held;
  let plan: ViewPlan;
  try {
    const home = realpathSync(v.home);
    const install = v.installDir ? statSync(v.installDir) : undefined;
    plan = planView({
      ...common(v),
      agent,
      home,
      install: v.installDir && install ? { dir: v.installDir, owner: [install.uid, install.gid] } : undefined,
      account: { name: v.name, home },
    });
  } catch (e) {
    held.close();
    return `its plan could not be made (${(e as Error).message})`;
  }
  // The set-up is the probe: a machine without idmapped mounts (on the install's file system too), a
  // container without CAP_SYS_ADMIN, an old kernel fail it, saying why.
  const verdict = await held.setUp(plan);
  if (verdict === undefined) return plan;
  held.close();
  return verdict;
}

/** The plan's parts known before the user is: the workspace, what is covered, the private temp dirs. */
function common(p: PlanBase): Omit<ViewInput, "agent"> {
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
