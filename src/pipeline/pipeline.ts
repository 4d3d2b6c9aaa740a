/**
 * The pure middle of the action: bytes → lines → events → the run model → its listeners (the live log,
 * the change tracker, the supervisor's ear for the result). The action, the tests, the fuzz suite and the
 * bench all feed bytes through this one object; where the bytes come from (a process, a file, a test's
 * buffer) is the caller's business.
 */
import { type ModelUpdate, RunModel, type UpdateSink } from "../model/run-model.js";
import { toEvent } from "../stream/events.js";
import { LineFramer, MAX_LINE_BYTES } from "../stream/lines.js";

export class Pipeline {
  readonly framer: LineFramer;
  readonly model: RunModel;
  /** Lines that were JSON events (whatever their type). */
  events = 0;

  /** `workspace` relates the agent's paths when `system/init` names no `cwd`. */
  private readonly emit: UpdateSink;
  private oversized = 0;

  constructor(listeners: readonly UpdateSink[], workspace?: string) {
    const sinks = [...listeners];
    const emit =
      sinks.length === 1
        ? sinks[0]!
        : (u: ModelUpdate) => {
            for (const sink of sinks) sink(u);
          };
    this.emit = emit;
    this.model = new RunModel(emit, workspace);
    // Output that is not stream-json (a wrapper's banner, a crash dump, the wrong binary) is shown, not lost.
    this.framer = new LineFramer(MAX_LINE_BYTES, (text) => emit({ type: "stray", text }));
  }

  /** One chunk of the stream, received at `at` (epoch ms: the time of events that carry none). */
  push(chunk: Buffer, at: number): void {
    this.framer.each(chunk, (line) => {
      this.events++;
      this.model.apply(toEvent(line.value), at);
    });
    if (this.framer.stats.oversized !== this.oversized) this.noteOversized();
  }

  private noteOversized(): void {
    this.oversized = this.framer.stats.oversized;
    this.emit({
      type: "note",
      text: `A line of the stream longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB was skipped unread (the transcript file has it)`,
    });
  }

  /** The stream ended: a last unterminated line, and whatever the model still holds open. */
  end(at: number): void {
    for (const line of this.framer.end()) {
      this.events++;
      this.model.apply(toEvent(line.value), at);
    }
    this.model.finish();
  }
}
