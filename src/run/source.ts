/**
 * Where the stream comes from, behind one interface of what every source does (as dorny/test-reporter's
 * input providers): get ready, then feed the stream. A live agent (./live-agent.ts) or a saved transcript
 * (here). What only a live agent has — its CLI, the chat it continues, its ear on the stream, what goes
 * back after it — is in what its preparation returns ({@link LiveReady}); a replay has none of it.
 */
import { createReadStream } from "node:fs";
import type { TreeAtExit } from "../changes/at-exit.js";
import type { GitReader } from "../git/reader.js";
import type { ModelUpdate } from "../model/types.js";
import type { ExitInfo, Stopped } from "../model/verdict.js";
import { consume } from "../pipeline/consume.js";
import type { Pipeline } from "../pipeline/pipeline.js";
import type { LogWriter } from "../render/log-writer.js";
import type { Cli } from "./cli.js";
import type { RunSettings } from "./resolve.js";

/** What is ready once a source is prepared, or why the run ends before it starts. */
export type Prepared =
  | Ready
  | { kind: "refused"; reason: string }
  | { kind: "skipped"; reason: string; notice: boolean };

export interface Ready {
  kind: "ready";
  /** Where the raw stream is kept: the `transcript-file` output. */
  transcriptFile: string;
  /** The checkout the agent works in: none for a replay (its paths are another machine's). */
  checkout?: Checkout;
  /** A live agent's: none for a replay. */
  agent?: LiveReady;
}

export interface Checkout {
  dir: string;
  /** What git says of it. */
  git: GitReader;
  /** Its changes before the agent started: not the agent's doing. */
  before: Map<string, string>;
}

/** What a live agent has, once admitted and before it starts. */
export interface LiveReady {
  /** The CLI that will run. */
  cli: Cli;
  /** The chat restored from the pull request's earlier runs (`session: pull-request`), to continue. */
  carried?: string;
  /** Its ear on the stream: the chat `system/init` names (the one a carried session saves), the result's grace. */
  onUpdate(u: ModelUpdate): void;
  /** After the stream: what was guarded goes back; log lines and warnings saying what was done. */
  putBack(): Promise<Back>;
  /**
   * The run will not start (the contract was refused): everything the preparation set up is undone (the
   * agent's user and grants, the checkout's credential), and what putBack() puts back is.
   */
  abandon(): Promise<Back>;
}

/** What putting things back did: log lines, and warnings (each said once, as a warning). */
export interface Back {
  lines: string[];
  warnings: string[];
}

/** Nothing put back. */
export const NOTHING_BACK: Back = Object.freeze({ lines: [], warnings: [] }) as Back;

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

/** What a source's stream is fed to. */
export interface Feed {
  /** The run's settings, resolved (./resolve.ts): the agent's command is made from them. */
  settings: RunSettings;
  /** The pipeline, made once the agent is spawned (its code may still be loading meanwhile). */
  wire: () => Promise<Pipeline>;
  /** Aborted when a limit of the run is broken: a live agent is stopped (a replay has nothing to stop). */
  stop: AbortSignal;
}

export interface AgentSource {
  /** Everything before the stream: for a live agent admission, the CLI, what it must not keep set aside. */
  prepare(): Promise<Prepared>;
  /** Feeds the stream into the pipeline until it ends. */
  run(feed: Feed): Promise<SourceEnd>;
}

/** A saved transcript, replayed: no agent, nothing to admit, install, guard or put back. */
export function transcriptSource(
  transcript: string,
  deps: { outputBusy?: () => Promise<void> | undefined; now: () => number },
  log: LogWriter,
): AgentSource {
  return {
    prepare: async () => ({ kind: "ready", transcriptFile: transcript }),
    async run({ wire }) {
      const pipeline = await wire();
      log.text(`Reading the agent's transcript ${transcript} (no agent is started)`);
      // Large reads: a saved transcript is all there, and fewer chunks are fewer decodes.
      await consume(createReadStream(transcript, { highWaterMark: 1024 * 1024 }), pipeline, {
        afterChunk: () => log.flush(),
        outputBusy: deps.outputBusy,
        now: deps.now,
      });
      return { stderrTail: [] };
    },
  };
}
