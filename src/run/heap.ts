/**
 * Memory flat at any scale (BENCHMARKS.md): V8 doubles the young generation each time enough of it has
 * survived collections since it last grew, to tens of MB, and on a long stream enough always does (a run's
 * medium-lived objects: open calls, queued log output, kept file texts). It may grow to
 * {@link YOUNG_MAX_BYTES} (fewer collections: throughput), then no more: measured on 1M tool calls, peak
 * RSS 222 → 123 MiB (2.75× → 1.52× the floor's 81 MiB; an A/B of the two builds, 2026-11-29), and the
 * 64 MiB edit-heavy run no slower (4 MiB or no growth at all: ~5% slower; 16 MiB: no faster, 10 MiB more). The growth factor is read each time the space would grow, so it can be
 * set at run time (the runner gives node no options); a 20 ms timer looks at the size until it is there.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

const YOUNG_MAX_BYTES = 8 * 1024 * 1024;

export function capYoungGeneration(): void {
  const youngWatch = setInterval(() => {
    const young = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    if (!young || young.space_size >= YOUNG_MAX_BYTES) {
      setFlagsFromString("--semi-space-growth-factor=1");
      clearInterval(youngWatch);
    }
  }, 20);
  youngWatch.unref();
}
