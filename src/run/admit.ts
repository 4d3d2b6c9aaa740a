/**
 * Admission, before the agent starts: who may start it (the trigger gate, and a pull request that has no
 * secrets to run with), then its protected configuration (the pull request's own agent config set aside
 * for the base commit's). A run that is not admitted ends here, with `conclusion` saying how.
 */

import { baseCommit, protectConfig, putBack, type Restored } from "../gates/protect-config.js";
import { checkTrigger, type TriggerVerdict } from "../gates/trigger.js";
import type { GitHubClient } from "../github/api.js";
import type { RunContext } from "../github/context.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Settings } from "../settings/settings.js";

export type Admission =
  | { kind: "admitted"; restored?: Restored }
  | { kind: "refused"; reason: string }
  /** Nothing to do, or nobody who could act on a red check: the step stays green. */
  | { kind: "skipped"; reason: string; notice: boolean };

export interface AdmitDeps {
  env: NodeJS.ProcessEnv;
  github: (token: string, apiUrl?: string) => Promise<GitHubClient>;
}

export async function admit(
  settings: Settings,
  context: RunContext,
  deps: AdmitDeps,
  log: LogWriter,
): Promise<Admission> {
  const github = () => deps.github(settings.githubToken ?? "", deps.env.GITHUB_API_URL);
  const gate = noSecrets(settings, context) ?? (await checkTrigger(context, settings, github));
  if (gate.kind === "refuse") return { kind: "refused", reason: gate.reason };
  if (gate.kind === "skip") return { kind: "skipped", reason: gate.reason, notice: gate.notice === true };
  if (!settings.protectConfig) return { kind: "admitted" };
  const base = await baseCommit(context, github);
  if (!base) return { kind: "admitted" };
  // A schema file gates the run: a pull request must not loosen it (src/run/contract.ts reads it after this).
  const schema = settings.contract.schema;
  const r = await protectConfig(
    settings.workspace,
    base,
    { token: settings.githubToken, serverUrl: deps.env.GITHUB_SERVER_URL },
    schema?.from === "output-schema-file" ? [schema.file] : [],
  );
  const short = base.slice(0, 7);
  for (const p of r.restored) log.text(`protect-config: restored ${p} from the base commit ${short}`);
  for (const p of r.removed) log.text(`protect-config: removed ${p} (not in the base commit ${short})`);
  if (r.restored.length + r.removed.length === 0) {
    log.text(`protect-config: the agent's configuration is as in the base commit ${short}`);
  }
  log.flush();
  return { kind: "admitted", restored: r };
}

/** The pull request's configuration back after the agent; log lines saying what was done. */
export async function settleConfig(r: Restored | undefined): Promise<string[]> {
  if (!r) return [];
  const done = await putBack(r);
  return [
    ...done.putBack.map((p) => `protect-config: ${p} is the pull request's again`),
    ...done.agentChanged.map((p) => `protect-config: ${p} was changed by the agent: kept, and in the report`),
  ];
}

/**
 * A pull request from a fork, or by Dependabot, runs without the repository's secrets: with no API key
 * the agent can only fail authentication, and nobody on the pull request can fix that. Skipped, with the fix.
 */
function noSecrets(settings: Settings, context: RunContext): TriggerVerdict | undefined {
  const pr = context.pullRequest;
  if (settings.apiKey || !pr) return undefined;
  const dependabot = [context.actor.login, pr.author?.login].includes("dependabot[bot]");
  if (!pr.fromFork && !dependabot) return undefined;
  const whose = dependabot
    ? "Dependabot's pull requests read Dependabot secrets"
    : "pull requests from forks get none";
  return {
    kind: "skip",
    notice: true,
    reason: `No Cursor API key, so the agent was not started: ${whose}. Add CURSOR_API_KEY where this run can read it (for Dependabot: the repository's Dependabot secrets), or skip this job with an \`if:\` on such pull requests.`,
  };
}
