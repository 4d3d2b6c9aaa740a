/**
 * The action, top to bottom: settings → the gates (who may start the agent, its protected
 * configuration) → the agent (or a saved transcript) → the run model, the live log and the file changes
 * → the verdict → outputs, job summary and PR comment. I/O lives at the two ends; everything between is
 * pure. `run()` is what the runner (through src/index.ts) and GitHub's local-action runner call; tests
 * hand in their own dependencies.
 */
import { appendFileSync } from "node:fs";
import path from "node:path";
import { type RunningAgent, startAgent } from "./agent/process.js";
import { InputError, UserFacingError } from "./base/errors.js";
import { MAX_PROMPT_BYTES } from "./base/limits.js";
import { createRedactor } from "./base/redact.js";
import { knownSecrets, SCRUBBED_VARIABLES } from "./base/withheld.js";
import { type ExecuteDeps, type ExecuteHooks, execute, type Outcome, outputPace } from "./execute.js";
import { noteFileCommands, restoreFileCommands } from "./file-commands.js";
import { baseCommit, protectConfig, putBack, type Restored } from "./gates/protect-config.js";
import { checkTrigger, type TriggerVerdict } from "./gates/trigger.js";
import { type RunContext, readContext } from "./github/context.js";
import type { Conclusion } from "./model/verdict.js";
import type { ProgressComment } from "./progress.js";
import type { PublishDeps } from "./publish.js";
import { LogWriter, type TextOut } from "./render/log-writer.js";
import { fenced } from "./render/markdown.js";
import { scrubOwnEnvironment } from "./security/environ.js";
import { findExecutable } from "./security/strategy.js";
import { buildOfPath } from "./settings/install.js";
import { INPUT_DEFAULTS, inputsFromEnv, readSettings, type Settings } from "./settings/settings.js";

import { writeOutput } from "./step-outputs.js";

export interface Deps extends ExecuteDeps, PublishDeps {
  stdout: TextOut;
  setFailed: (message: string) => void;
}

export async function run(overrides: Partial<Deps> = {}): Promise<void> {
  const stdout = overrides.stdout ?? process.stdout;
  const env = overrides.env ?? process.env;
  const log = new LogWriter(stdout);
  const annotate = (level: "warning" | "error" | "debug", message: string) => {
    log.annotate(level, message);
    log.flush();
  };
  /** Outputs handed to @actions/core (hosts without $GITHUB_OUTPUT): awaited before run() returns. */
  const viaToolkit: Promise<void>[] = [];
  const deps: Deps = {
    env,
    stdout,
    startAgent,
    now: Date.now,
    signals: process,
    outputBusy: outputPace(stdout),
    setOutput: (name, value) => {
      // Without $GITHUB_OUTPUT (GitHub's local-action runner, a bare `node dist/index.js`) hand the
      // output to @actions/core, which such hosts stub; on a runner it is never loaded (start-up cost).
      if (!writeOutput(env, name, value)) {
        viaToolkit.push(import("@actions/core").then((core) => core.setOutput(name, value)));
      }
    },
    warning: (message) => annotate("warning", message),
    setFailed: (message) => {
      // As the runner's toolkit does: an error annotation, and a non-zero exit once we are done.
      process.exitCode = 1;
      annotate("error", message);
    },
    github: async (token, apiUrl, options) =>
      (await import("./github/client.js")).createGitHubClient(token, apiUrl, options),
    ...overrides,
  };
  let failed = false;
  const secrets: (string | undefined)[] = [];
  const redact = (text: string) => createRedactor(secrets)(text);
  // A throw in an event handler escapes every try: it still ends in the last resort, not a bare crash,
  // and then the process ends (its state is unknown).
  const crash = (e: unknown) => {
    fail(e);
    // The progress comment gets its last word (at most a few seconds), then the process ends.
    const last = lastWord ?? Promise.resolve();
    void last.finally(() => setTimeout(() => process.exit(1), 100).unref());
  };
  let lastWord: Promise<void> | undefined;
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  /** The agent, once started: the last resort kills its group. */
  let agent: RunningAgent | undefined;
  /** The live progress comment, once written: the last resort says there that the run failed. */
  let progress: ProgressComment | undefined;
  const startAgentAs = deps.startAgent;
  deps.startAgent = (cmd, opts) => {
    agent = startAgentAs(cmd, opts);
    return agent;
  };
  try {
    // Mask the key before anything else is printed, the agent's output above all.
    const getInput = inputsFromEnv(deps.env);
    const key = getInput("api-key") || deps.env.CURSOR_API_KEY;
    secrets.push(key);
    if (key) log.mask(key);
    log.flush();
    let settings = readSettings(getInput, deps.env);
    secrets.push(...knownSecrets(settings, deps.env));
    log.setRedactor(createRedactor(secrets));
    // Everything is read: the secrets leave the action's own environment, where the agent's processes
    // could read them back from procfs (only in a real run: tests hand in an environment of their own).
    if (deps.env === process.env) {
      const scrub = scrubOwnEnvironment(
        SCRUBBED_VARIABLES,
        secrets.filter((s): s is string => !!s),
      );
      if (scrub.unsupported)
        log.text(`The action's own environment still holds its secrets (${scrub.unsupported}).`);
    }
    if (settings.githubToken) log.mask(settings.githubToken);
    log.flush();

    // A contract (output-schema, review): its schema parsed and compiled now, a bad one is an input error.
    const contract = await withContract(settings);
    if (contract && !settings.transcript) settings = { ...settings, prompt: contract.prompt };
    let structured: Outcome["structured"];
    let review: Outcome["review"];

    const context = readContext(deps.env);
    // A replayed transcript starts no agent: there is nothing to guard.
    const admitted = settings.transcript
      ? { restored: undefined }
      : await admit(settings, context, deps, log);
    if (!admitted) return;

    // The CLI: the one on PATH, or a build installed now (before the file commands are noted: the
    // install's own line in $GITHUB_PATH is ours, not the agent's).
    const cli = settings.transcript ? undefined : await ensureAgent(settings, deps, log);
    if (cli?.agentPath) settings = { ...settings, agentPath: cli.agentPath };
    const fileCommands = settings.transcript ? undefined : await noteFileCommands(deps.env);
    const outcome = await execute(settings, deps, log, {
      // The PR's own configuration goes back once the changes are read (protect-config is for the agent).
      afterChanges: admitted.restored ? () => settleConfig(admitted.restored!) : undefined,
      progress: progressHook(settings, context, deps, log, (p) => {
        progress = p;
      }),
      judge: contract
        ? async (model, verdict) => {
            const { applyContract } = await import("./structured/apply.js");
            // The final message; when it was cut (over 64 KiB), the result, which holds all of it.
            const message = model.lastSegmentCut
              ? model.result?.text
              : model.lastSegment || model.result?.text;
            const c = applyContract(contract.loaded, message, settings.contract.failOnSeverity, verdict);
            structured = c.outputs;
            if (!c.review) return c.verdict;
            const { checkReview } = await import("./review/judge.js");
            const checked = await checkReview(
              c.review,
              settings.transcript ? undefined : settings.workspace,
              c.verdict,
            );
            review = checked.data;
            return checked.verdict;
          }
        : undefined,
    });
    if (contract) outcome.structured = structured ?? { "structured-output": "", findings: "" };
    outcome.review = review;
    outcome.cli = cli && { build: cli.build, sha256: cli.sha256 };
    // Before the action writes its own: whatever the agent's tree wrote to them is undone.
    if (fileCommands) for (const w of await restoreFileCommands(fileCommands)) deps.warning(w);
    // Already loaded: execute() imported it while the agent started.
    const { publish } = await import("./after-start.js");
    // Once the report goes to the comment, a failure's last word there would replace it: none after.
    const beforeComment = () => progress?.reported();
    await publish(
      outcome,
      settings,
      context,
      { ...deps, beforeComment },
      createRedactor(knownSecrets(settings, deps.env)),
    );
    const v = outcome.verdict;
    if (v.conclusion !== "success") {
      if (settings.failOnError) deps.setFailed(v.error);
      else deps.warning(v.error);
    }
  } catch (e) {
    fail(e);
    await lastWord;
  } finally {
    process.off("uncaughtException", crash);
    process.off("unhandledRejection", crash);
  }
  await Promise.all(viaToolkit);

  /**
   * The last resort: a bad input (or a config that cannot be protected) is one line saying what is
   * wrong; anything else is a bug, still one line, no stack. Either way the step's outputs and summary say
   * so: nothing a later step reads is left empty.
   */
  function fail(e: unknown): void {
    if (failed) return;
    failed = true;
    agent?.signal("SIGKILL");
    agent?.release();
    // The log may be what failed (a broken stdout): the outputs and the summary must not depend on it.
    quietly(() => log.close());
    const known = e instanceof UserFacingError;
    const message = redact(
      known ? (e as Error).message : `Unexpected error: ${(e as Error)?.message ?? String(e)}`,
    );
    reportFailure(deps, message);
    lastWord = progress?.fail(message).catch(() => {});
    if (!known) quietly(() => annotate("debug", redact((e as Error)?.stack ?? String(e))));
    quietly(() => deps.setFailed(message));
  }
}

/**
 * The Cursor CLI this run uses. Without `cursor-version`, the one `agent-path` names when it is there
 * (nothing of the installer is loaded then: start-up), else the latest build, installed; a build name or
 * `latest`, installed (from the runner's tool cache when an earlier run put it there). An installed
 * build's directory goes on `$GITHUB_PATH` for later steps.
 */
async function ensureAgent(
  settings: Settings,
  deps: Deps,
  log: LogWriter,
): Promise<{ agentPath?: string; build: string; sha256: string }> {
  const want = settings.install;
  if (want.version === "") {
    const found = findExecutable(settings.agentPath, deps.env.PATH);
    // A path the user named is theirs to fix: not found, it fails as before, with the install hint.
    if (found || settings.agentPath !== INPUT_DEFAULTS["agent-path"]) {
      return { build: found ? buildOfPath(found) : "", sha256: "" };
    }
  }
  const { installAgent } = await import("./install/install.js");
  const say = (line: string) => {
    log.text(line);
    log.flush();
  };
  log.group(`Installing the Cursor CLI (${want.version || "latest"})`);
  log.flush();
  const got = await installAgent(want, deps.env, say).finally(() => {
    log.endGroup();
    log.flush();
  });
  if (deps.env.GITHUB_PATH) {
    try {
      appendFileSync(deps.env.GITHUB_PATH, `${path.dirname(got.agentPath)}\n`);
    } catch {}
  }
  return got;
}

/** `conclusion`, `error` and a short job summary, each on its own: one failing must not stop the others. */
function reportFailure(deps: Deps, message: string): void {
  quietly(() => deps.setOutput("conclusion", "failure"));
  quietly(() => deps.setOutput("error", message));
  writeSummary(deps, "### ❌ Cursor agent failed", message);
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

/**
 * The live progress comment, where the action comments (a pull request, a token, `comment` and
 * `progress` on) and an agent runs (not for a replayed transcript). Its code and octokit are loaded only
 * then, after the agent is started.
 */
function progressHook(
  settings: Settings,
  context: RunContext,
  deps: Deps,
  log: LogWriter,
  onCreated: (p: ProgressComment) => void,
): ExecuteHooks["progress"] {
  const target = context.pullRequest;
  const token = settings.githubToken;
  if (!settings.progress || !settings.comment || !target || !token || settings.transcript) return undefined;
  return async (run) => {
    const [{ ProgressComment }, { jobUrl }] = await Promise.all([
      import("./progress.js"),
      import("./after-start.js"),
    ]);
    const p = new ProgressComment({
      // Best effort: an update made once (a retried one could land after the report), abortable.
      client: (signal) => deps.github(token, deps.env.GITHUB_API_URL, { bestEffort: true, signal }),
      target,
      key: settings.commentKey,
      model: run.model,
      filesChanged: run.filesChanged,
      runUrl: jobUrl(deps.env),
      redact: createRedactor(knownSecrets(settings, deps.env)),
      now: deps.now,
      signals: deps.signals,
      debug: (m) => {
        log.annotate("debug", m);
        log.flush();
      },
    });
    onCreated(p);
    return p;
  };
}

/** The run's contract, loaded (ajv, yaml) only when one is asked for; the prompt with its instruction. */
async function withContract(
  settings: Settings,
): Promise<{ loaded: import("./structured/load.js").Contract; prompt: string } | undefined> {
  const c = settings.contract;
  if (!c.review && !c.schema) return undefined;
  const [{ loadContract }, { contractInstruction }] = await Promise.all([
    import("./structured/load.js"),
    import("./structured/contract.js"),
  ]);
  const loaded = await loadContract(c);
  if (!loaded) return undefined;
  const prompt = settings.prompt + contractInstruction(loaded.schema);
  if (!settings.transcript && Buffer.byteLength(prompt) > MAX_PROMPT_BYTES) {
    throw new InputError(
      c.schema?.from ?? "review",
      `the prompt with the schema's instruction is over ${MAX_PROMPT_BYTES} bytes, the most an argument can be`,
    );
  }
  return { loaded, prompt };
}

/** A short job summary for a run that ends early: a headline and the reason, as text. */
function writeSummary(deps: Deps, headline: string, reason: string): void {
  const file = deps.env.GITHUB_STEP_SUMMARY;
  if (file) quietly(() => appendFileSync(file, `${headline}\n\n${fenced(reason)}\n`));
}

function quietly(f: () => void): void {
  try {
    f();
  } catch {
    // Reporting a failure must go as far as it can.
  }
}

/** The PR's configuration back after the agent; log lines saying what was done. */
async function settleConfig(r: Restored): Promise<string[]> {
  const done = await putBack(r);
  return [
    ...done.putBack.map((p) => `protect-config: ${p} is the pull request's again`),
    ...done.agentChanged.map((p) => `protect-config: ${p} was changed by the agent: kept, and in the report`),
  ];
}

/** The gates before the agent starts. Undefined: the run ends here (refused, or nothing to do). */
async function admit(
  settings: Settings,
  context: RunContext,
  deps: Deps,
  log: LogWriter,
): Promise<{ restored?: Restored } | undefined> {
  const github = () => deps.github(settings.githubToken ?? "", deps.env.GITHUB_API_URL);
  const gate = noSecrets(settings, context) ?? (await checkTrigger(context, settings, github));
  if (gate.kind !== "allow") {
    const skipped = gate.kind === "skip";
    if (gate.kind === "skip" && gate.notice) log.annotate("notice", gate.reason);
    else log.text(gate.reason);
    log.flush();
    const conclusion: Conclusion = skipped ? "skipped" : "failure";
    deps.setOutput("conclusion", conclusion);
    deps.setOutput("error", skipped ? "" : gate.reason);
    writeSummary(
      deps,
      `### ${skipped ? "⏭️ Cursor agent was not started" : "❌ Cursor agent was not started"}`,
      gate.reason,
    );
    if (!skipped) deps.setFailed(gate.reason);
    return undefined;
  }
  if (!settings.protectConfig) return {};
  const base = await baseCommit(context, github);
  if (!base) return {};
  const r = await protectConfig(settings.workspace, base, {
    token: settings.githubToken,
    serverUrl: deps.env.GITHUB_SERVER_URL,
  });
  const short = base.slice(0, 7);
  for (const p of r.restored) log.text(`protect-config: restored ${p} from the base commit ${short}`);
  for (const p of r.removed) log.text(`protect-config: removed ${p} (not in the base commit ${short})`);
  if (r.restored.length + r.removed.length === 0) {
    log.text(`protect-config: the agent's configuration is as in the base commit ${short}`);
  }
  log.flush();
  return { restored: r };
}
