/**
 * The pure middle of the action: bytes → lines → events → the run model → its listeners (the live log,
 * the change tracker, the supervisor's ear for the result). The action, the tests, the fuzz suite and the
 * bench all feed bytes through this one object; where the bytes come from (a process, a file, a test's
 * buffer) is the caller's business.
 */
import { type ModelUpdate, RunModel, type UpdateSink } from "../model/run-model.js";
import { StreamDecoder, type StreamItem } from "../stream/decoder.js";
import { type FramerStats, MAX_LINE_BYTES } from "../stream/lines.js";

export class Pipeline {
  readonly model: RunModel;
  private readonly emit: UpdateSink;
  private readonly decoder = new StreamDecoder((item) => this.apply(item));
  /** When the chunk being decoded was received (the time of its events that carry none). */
  private at = 0;

  /**
   * `workspace` relates the agent's paths when `system/init` names no `cwd`; `planMode`: the CLI runs in
   * plan mode (its plan is the final message).
   */
  constructor(listeners: readonly UpdateSink[], workspace?: string, planMode = false) {
    const sinks = [...listeners];
    const emit =
      sinks.length === 1
        ? sinks[0]!
        : (u: ModelUpdate) => {
            for (const sink of sinks) sink(u);
          };
    this.emit = emit;
    this.model = new RunModel(emit, workspace, planMode);
  }

  /** Lines that were JSON events (whatever their type). */
  get events(): number {
    return this.decoder.events;
  }

  /** The framer's counts so far (blank, malformed, joined, oversized lines). */
  get stats(): FramerStats {
    return this.decoder.stats;
  }

  /** One chunk of the stream, received at `at` (epoch ms: the time of events that carry none). */
  push(chunk: Buffer, at: number): void {
    this.at = at;
    this.decoder.push(chunk);
  }

  /** The stream ended: a last unterminated line, and whatever the model still holds open. */
  end(at: number): void {
    this.at = at;
    this.decoder.end();
    this.model.finish();
  }

  private apply(item: StreamItem): void {
    switch (item.kind) {
      case "stray-line":
        // Output that is not stream-json (a wrapper's banner, a crash dump, the wrong binary) is shown, not lost.
        this.emit({ type: "stray", text: item.text });
        return;
      case "oversized-line":
        this.emit({
          type: "note",
          text: `A line of the stream longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB was skipped unread (the transcript file has it)`,
        });
        return;
      default:
        this.model.apply(item, this.at);
    }
  }
}
