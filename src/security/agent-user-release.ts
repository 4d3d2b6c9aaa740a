/**
 * The end of the agent's user for one run (security/agent-user.ts): its processes, its grants, what it
 * left, its account if it had one, and the hold on its uid, each bounded; whatever cannot be undone in time
 * keeps the uid held, so that nobody else gets it.
 */
import { rmSync } from "node:fs";
import { CANCEL_DEADLINES, RUN_DEADLINES } from "../base/deadlines.js";
import { endProcesses, type Privileged, processesOf, sweepSharedTemp } from "./agent-user-end.js";
import type { ViewPlan } from "./agent-view.js";
import type { Grant } from "./grants.js";
import { asAgentUser, type Programs } from "./privileged.js";
import type { UidHolds } from "./user-account.js";

export interface End {
  /** The action's effective uid, and the workspace (the real path). */
  s: { uid: number; workspace: string };
  name: string;
  home: string;
  uid: number;
  gid: number;
  bin: Programs;
  asRoot: Privileged;
  grants: Grant[];
  owner: { uid: number; gid: number };
  /** Its own view, when it has one: its files in the workspace are the owner's already. */
  view?: ViewPlan;
  /** Whether the machine got an account for it (without its own view). */
  account?: boolean;
  holds: UidHolds;
}

/** Each part of its end (kill, sweep); after a cancel, its share of the budget. */
export const endMs = (hurry?: boolean) =>
  hurry ? CANCEL_DEADLINES.agentUserEndMs : RUN_DEADLINES.agentUserEndMs;

/** Every process of the user killed until none is left, or its deadline: the pids left (undefined: unknown). */
export function killProcesses(e: End, ms: number): number[] | undefined {
  // With its own view, the agent's namespace ended with it, and everything in it: a look, no kill.
  if (e.view && processesOf(e.uid)?.length === 0) return [];
  const deadline = Date.now() + ms;
  const asAgent = asAgentUser({ ...e, root: e.s.uid === 0 });
  // Each kill bounded too: it runs as the agent's user from its setresuid on, so a process of the agent's
  // could stop it (SIGSTOP) before it kills, and an unbounded wait would hold the action for ever.
  const killAll = () => {
    asAgent(e.bin.kill, ["-KILL", "-1"], Math.max(deadline - Date.now(), 1));
  };
  return endProcesses(killAll, e.uid, deadline);
}

/**
 * The user's end, in order: its processes (nothing may act while the rest is undone), the grants and the
 * ACL entries naming it (before the name goes: a uid left in an ACL would grant the next user given that
 * uid), the workspace's files to its owner, its home and its files in the shared temporary directories,
 * then the user and its group. What comes after the workspace needs the kill to have worked: otherwise
 * what a live process could race is left alone, the user is kept (so that its uid is nobody else's), and
 * a warning says so.
 */
export function releaseUser(e: End, ms: number = RUN_DEADLINES.agentUserEndMs, hurry = false): string[] {
  const { bin, asRoot, name } = e;
  const asAgent = asAgentUser({ ...e, root: e.s.uid === 0 });
  const left = killProcesses(e, ms);
  const warnings: string[] = [];
  // Through ACLs these grow with the workspace (~30 µs a file): bounded, by the cancel's share after one.
  const until = Date.now() + (hurry ? ms : RUN_DEADLINES.aclUndoMs);
  const bounded = (args: string[], file = bin.setfacl) => asRoot(file, args, Math.max(until - Date.now(), 1));
  let undone = true;
  // Taken back in reverse: the workspace's last (its own files' ACLs), the passage through the
  // directories above it first.
  for (const g of [...e.grants].reverse()) {
    const r = bounded(g.revoke);
    undone &&= !r.timedOut;
    if (!r.ok)
      warnings.push(
        `${name}'s access could not all be taken back (${g.why}${r.timedOut ? ": not in time" : ""})`,
      );
  }
  // Its files in the workspace are its no longer, whatever else is left (chown -R follows no link). Through
  // its own view they were stored as the owner's.
  if (!e.view) {
    const r = bounded(["-R", `${e.owner.uid}:${e.owner.gid}`, e.s.workspace], bin.chown);
    if (r.timedOut) warnings.push(`the workspace's files were not all given back to its owner in time`);
    undone &&= !r.timedOut;
  }
  if (left === undefined || left.length > 0 || !undone) {
    const what = !left
      ? `whether a process of ${name} is left (/proc could not be read)`
      : left.length > 0
        ? `${left.length} process(es) of ${name} (${left.slice(0, 5).join(", ")}) still there after ${ms} ms`
        : "its grants or files not all undone in time";
    warnings.push(
      `the agent's user could not be ended: ${what}; ${e.account ? "the user is kept" : "its uid stays held"} (nobody else gets it), its other files left as they are`,
    );
    return warnings;
  }
  // Nothing of it runs: its home goes (as root in-process, which follows no link; else rm).
  if (e.s.uid === 0) rmSync(e.home, { recursive: true, force: true });
  else asRoot(bin.rm, ["-rf", "--one-file-system", e.home]);
  // Through its own view, the shared temporary directories it wrote were its own, gone with its namespace.
  const swept = e.view ? undefined : sweepSharedTemp(bin, e.uid, asRoot, asAgent, ms);
  if (swept) warnings.push(swept);
  if (e.account) {
    const gone = asRoot(bin.userdel, [name]);
    if (!gone.ok) warnings.push(`the user ${name} could not be removed (${gone.err.split("\n")[0]})`);
    // userdel takes the user's own group with it where the system says so (USERGROUPS_ENAB); else here.
    else if (asRoot(bin.getent, ["group", name]).ok) asRoot(bin.groupdel, [name]);
  }
  e.holds.letGo(e.uid);
  return warnings;
}
