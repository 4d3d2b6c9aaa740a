/**
 * The action, top to bottom, one phase a step: settings → where the stream comes from (a live agent or a
 * saved transcript) → admission, the CLI, the file commands noted → the contract → the run, watched by
 * the live log, the change tracker and the progress comment → what was guarded put back → the patch → the
 * verdict → the delivery → outputs, job summary, review and PR comment → the step's exit. I/O lives at the
 * two ends; each phase is a module of src/run/ that takes values and returns one. `run()` is what the
 * runner (through src/index.ts) and GitHub's local-action runner call; tests hand in their own dependencies.
 */
import { readContext } from "./github/context.js";
import { runLimits } from "./model/run-limits.js";
import type { LiveProgress } from "./publish/live-progress.js";
import type { LogWriter } from "./render/log-writer.js";
import { prepareContract } from "./run/contract.js";
import { conversationMode } from "./run/conversation.js";
import { type Deps, withDefaults } from "./run/deps.js";
import { conclude, concludeDelivery, notStarted } from "./run/exit.js";
import { checkDeliveryInputs, readInputs } from "./run/inputs.js";
import { judge } from "./run/judge.js";
import { LastResort } from "./run/last-resort.js";
import { liveAgent } from "./run/live-agent.js";
import { observe } from "./run/observe.js";
import { checkedOut, patchFile } from "./run/patch-file.js";
import { liveProgressFor } from "./run/progress.js";
import { resolveSettings } from "./run/resolve.js";
import { type AgentSource, NOTHING_BACK, type Ready, transcriptSource } from "./run/source.js";
import type { Settings } from "./settings/settings.js";

export type { Deps };

export async function run(overrides: Partial<Deps> = {}): Promise<void> {
  const world = withDefaults(overrides);
  const { log, settled } = world;
  const resort = new LastResort(world.deps, log);
  // Once the agent has started, the runner's cancel hurries every wait after it, even one already running.
  const deps: Deps = { ...world.deps, cancelled: resort.lateCancel.signal };
  try {
    // Settings: every input read and checked; the secrets masked before anything else is printed.
    // (`given` gets a conversation's task as its prompt once admitted.)
    let { settings: given, redact } = await checkDeliveryInputs(readInputs(deps.env, log, resort.secrets));
    const context = readContext(deps.env);
    // Conversation mode (a comment, review or issue event): not asked is a skip before anything starts.
    const talk = conversationMode(given, context, deps, log);
    if (talk?.kind === "skipped") return notStarted(talk, deps, log);

    // Where the stream comes from: the one place that asks whether an agent runs at all. From here on,
    // whatever ends the run, what a live agent sets up is put back (the last resort owns its undo).
    // Once admitted, a conversation's 👀 and its thread are under way while the CLI is made ready.
    const source: AgentSource = given.transcript
      ? transcriptSource(given.transcript, deps, log)
      : liveAgent(given, context, { deps, log, redact, resort, admitted: talk?.admitted });

    // Admission (who may start the agent, its protected configuration), the CLI, the file commands noted.
    const prepared = await source.prepare();
    if (prepared.kind !== "ready") return notStarted(prepared, deps, log);
    if (talk) given = await talk.withTask(given);
    // The contract (output-schema, review), once admitted (a schema file is the base commit's by then): a
    // bad schema is an input error before the agent starts, and what was set up for it is undone.
    const contract = await contractOrUndo(given, prepared, deps, log);
    // The run's one settings value, read-only from here on: the CLI that runs, the chat it continues, the
    // prompt with the contract's instruction.
    const settings = resolveSettings(given, prepared.agent ?? {}, contract);
    const startedAt = deps.now();

    // The run, watched by the live log, the change tracker and the progress comment.
    const progress: LiveProgress | undefined = liveProgressFor(
      settings,
      context,
      prepared.agent !== undefined,
      deps,
      log,
      redact,
    );
    resort.watch(progress);
    const base = prepared.agent ? await checkedOut(settings.workspace) : undefined;
    const observed = await observe(source, prepared, {
      settings,
      now: deps.now,
      log,
      redact,
      contract: contract !== undefined,
      progress,
      limits: runLimits(settings, deps.warning),
      lateCancel: deps.cancelled,
    });

    // What the agent was kept from goes back: the PR's configuration, this step's file commands.
    const back = (await prepared.agent?.putBack()) ?? NOTHING_BACK;
    // An error in an event handler (a broken stdout) ended the run meanwhile: its outputs stand.
    if (resort.over) return;
    for (const line of back.lines) log.text(line);
    // What the agent left, as one patch: once its changes are read and the PR's configuration is back.
    const entries = settings.deliver.mode !== "none";
    const patch = await patchFile(settings.workspace, base, deps.env, (line) => log.text(line), entries);
    const wallMs = deps.now() - startedAt;

    // The verdict: how the agent ended, then the contract (structured output, review) when there is one.
    const judged = await judge({
      observed,
      settings,
      contract,
      redact,
      checkout: prepared.checkout?.dir,
    });
    const inRepo = observed.changes.files.filter((f) => f.status !== "outside").length;
    observed.liveLog.footer(observed.model, judged.verdict, wallMs, inRepo);
    log.endGroupAndFlush();
    for (const w of back.warnings) deps.warning(w);

    // The delivery (input `deliver`): the changes as a commit GitHub signs, once the verdict is known
    // (loaded only where one is asked for: nothing of it weighs on the start of a run without one).
    const ran = { settings, context, patch, observed, judged, wallMs, live: prepared.agent !== undefined };
    const delivery =
      settings.deliver.mode === "none" ? undefined : await deliverPhase(ran, { deps, log, redact });

    // Outputs, job summary, the review and the PR comment (the progress comment becomes the report).
    const { publish } = await import("./run/after-start.js");
    await publish(
      {
        ...judged,
        model: observed.model,
        changes: observed.changes,
        transcriptFile: prepared.transcriptFile,
        wallMs,
        cancelled: observed.cancelled,
        cli: prepared.agent?.cli,
        resumeAsked: settings.resume,
        patchFile: patch.file,
        delivery,
        answer: talk?.answerPlace(),
      },
      settings,
      context,
      deps,
      redact,
      progress,
    );
    conclude(judged.verdict, settings.failOnError, deps);
    concludeDelivery(delivery, settings.failOnError, deps);
  } catch (e) {
    await resort.fail(e);
  } finally {
    resort.dispose();
  }
  await settled();
}

/** The contract, or its input error once what the preparation set up is undone. */
async function contractOrUndo(given: Settings, prepared: Ready, deps: Deps, log: LogWriter) {
  return prepareContract(given).catch(async (e: unknown) => {
    const back = (await prepared.agent?.abandon()) ?? NOTHING_BACK;
    for (const line of back.lines) log.text(line);
    for (const w of back.warnings) deps.warning(w);
    throw e;
  });
}

/** The delivery phase, loaded when a run asks for one. */
const deliverPhase: typeof import("./run/deliver.js").deliverPhase = async (...a) =>
  (await import("./run/deliver.js")).deliverPhase(...a);
