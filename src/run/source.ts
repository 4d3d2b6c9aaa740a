/**
 * Where the stream comes from, behind one interface (as dorny/test-reporter's input providers): a live
 * agent (./live-agent.ts) or a saved transcript (here). The rest of the run never asks which.
 */
import { createReadStream } from "node:fs";
import type { TreeAtExit } from "../changes/at-exit.js";
import type { Restored } from "../gates/protect-config.js";
import { type GitReader, noGit } from "../git/reader.js";
import type { ExitInfo, Stopped } from "../model/verdict.js";
import { consume } from "../pipeline/consume.js";
import type { Pipeline } from "../pipeline/pipeline.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Settings } from "../settings/settings.js";
import type { Cli } from "./cli.js";

/** What is ready once a source is prepared, or why the run ends before it starts. */
export type Prepared =
  | {
      kind: "ready";
      /** The CLI that will run, when an agent runs. */
      cli?: Cli;
      /** The prompt's protected configuration, to put back after the run. */
      restored?: Restored;
      /** The chat to continue, restored from the pull request's earlier runs (`session: pull-request`). */
      resume?: string;
    }
  | { kind: "refused"; reason: string }
  | { kind: "skipped"; reason: string; notice: boolean };

/** What putting things back did: log lines, and warnings (each said once, as a warning). */
export interface Back {
  lines: string[];
  warnings: string[];
}

/** How the stream ended. */
export interface SourceEnd {
  /** Undefined when no process ran. */
  exit?: ExitInfo;
  stopped?: Stopped;
  /** The agent's last stderr lines. */
  stderrTail: string[];
  /**
   * What git said of the working tree when the agent exited and its group was killed: its status and where
   * its files are at HEAD (the end's change summary takes them instead of asking again); none when the
   * tree is not known final then.
   */
  treeAtExit?: TreeAtExit;
}

export interface AgentSource {
  /** Where the raw stream is kept: the `transcript-file` output. */
  readonly transcriptFile: string;
  /** What git says of the workspace: nothing for a replay (its paths are another machine's). */
  readonly git: GitReader;
  /** Whether an agent runs: a live progress comment is for a running agent only. */
  readonly live: boolean;
  /** The checkout the run's paths are in: none for a replay (its paths are another machine's). */
  readonly checkout: string | undefined;
  /** Everything before the stream: for an agent, admission, the CLI and the file commands noted. */
  prepare(): Promise<Prepared>;
  /**
   * Feeds the stream into the pipeline `wire` gives (called once the agent is spawned: its code may still
   * be loading) until it ends. `prompt` is the agent's (with the contract's instruction, when there is one).
   */
  run(wire: () => Promise<Pipeline>, prompt: string): Promise<SourceEnd>;
  /** The result event arrived: a live agent now has a grace to exit. */
  resultSeen(): void;
  /** A limit of the run was broken: a live agent is stopped (a replay has nothing to stop). */
  stop(): void;
  /** `system/init` named the chat the agent runs: the one a carried session saves. */
  chatStarted(id: string): void;
  /** The working tree's changes before the agent started (none for a replay). */
  before(): Map<string, string> | undefined;
  /** After the stream: what was guarded goes back; log lines and warnings saying what was done. */
  putBack(): Promise<Back>;
  /**
   * Prepared, and the run will not start (the contract was refused): everything prepare() set up is
   * undone (the agent's user and grants, the checkout's credential), and what putBack() puts back is.
   */
  abandon(): Promise<Back>;
  /**
   * Anything unexpected, at any moment (the last resort's): what the run set up is undone as abandon()
   * does, without what only a finished run adds (the CLI on PATH). Never throws. Each part happens once,
   * whichever of putBack(), abandon() and undo() comes first: the later ones return what it did.
   */
  undo(): Promise<Back>;
}

/** A saved transcript, replayed: no agent, nothing to admit, install, guard or put back. */
export function transcriptSource(
  settings: Settings & { transcript: string },
  deps: { outputBusy?: () => Promise<void> | undefined; now: () => number },
  log: LogWriter,
): AgentSource {
  return {
    transcriptFile: settings.transcript,
    git: noGit,
    live: false,
    checkout: undefined,
    prepare: async () => ({ kind: "ready" }),
    async run(wire) {
      const pipeline = await wire();
      log.text(`Reading the agent's transcript ${settings.transcript} (no agent is started)`);
      // Large reads: a saved transcript is all there, and fewer chunks are fewer decodes.
      await consume(createReadStream(settings.transcript, { highWaterMark: 1024 * 1024 }), pipeline, {
        afterChunk: () => log.flush(),
        outputBusy: deps.outputBusy,
        now: deps.now,
      });
      return { stderrTail: [] };
    },
    resultSeen: () => {},
    stop: () => {},
    chatStarted: () => {},
    before: () => undefined,
    putBack: async () => ({ lines: [], warnings: [] }),
    abandon: async () => ({ lines: [], warnings: [] }),
    undo: async () => ({ lines: [], warnings: [] }),
  };
}
