/**
 * Secrets out of the action's own environment. The agent's environment is built without them, but procfs
 * hands its ancestors' back: `/proc/<action pid>/environ` shows the environment the action was started
 * with (the GitHub token as `INPUT_GITHUB-TOKEN`, `ACTIONS_RUNTIME_TOKEN`, the OIDC request variables),
 * to any process of the same user. That block is memory of our own: the kernel reads it from the range
 * `/proc/self/stat` gives (fields 50 and 51), so overwriting it in place, same length, through
 * `/proc/self/mem`, hides the values from every later reader. `process.env` reads the same memory, so the
 * values must have been read before.
 */
import { closeSync, openSync, readFileSync, readSync, writeSync } from "node:fs";

export interface ScrubResult {
  /** Names whose values were overwritten. */
  scrubbed: string[];
  /** Why nothing could be done (not Linux, refused), when so. */
  unsupported?: string;
}

/**
 * Overwrites, in the process's initial environment block, the values of `names` and of any variable whose
 * value contains one of `secrets`; then removes those names from `env`, so that nothing the action starts
 * later inherits them. `env` is `process.env` in a run; an environment handed in instead (a test's, run
 * in-process) has no block of its own and must not touch the test process's: the same rule picks the
 * variables from its entries, and they are removed from it alone. Never throws.
 */
export function scrubOwnEnvironment(
  names: readonly string[],
  secrets: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): ScrubResult {
  const scrubs = scrubRule(names, secrets);
  const result =
    env === process.env
      ? overwriteInPlace(scrubs)
      : { scrubbed: Object.keys(env).filter((k) => scrubs(k, Buffer.from(env[k] ?? ""))) };
  // Whatever the block allowed (nothing off Linux, or refused), nothing the action starts inherits them.
  for (const name of new Set([...result.scrubbed, ...names])) delete env[name];
  return result;
}

/** Whether a variable is scrubbed: one of `names`, or a value holding one of `secrets`. */
function scrubRule(names: readonly string[], secrets: readonly string[]) {
  const wanted = new Set(names);
  const values = secrets.filter((s) => s.length >= 4).map((s) => Buffer.from(s));
  return (name: string, value: Buffer) =>
    value.length > 0 && (wanted.has(name) || values.some((v) => value.includes(v)));
}

function overwriteInPlace(scrubs: ReturnType<typeof scrubRule>): ScrubResult {
  const scrubbed: string[] = [];
  if (process.platform !== "linux") return { scrubbed, unsupported: `not possible on ${process.platform}` };
  let fd: number | undefined;
  try {
    const [start, end] = envRange();
    fd = openSync("/proc/self/mem", "r+");
    const block = Buffer.alloc(end - start);
    // Positions as Numbers: BigInt positions fail on /proc/self/mem with EIO.
    readSync(fd, block, 0, block.length, start);
    let at = 0;
    while (at < block.length) {
      let nul = block.indexOf(0, at);
      if (nul === -1) nul = block.length;
      const eq = block.indexOf(0x3d /* = */, at);
      if (eq !== -1 && eq < nul) {
        const name = block.subarray(at, eq).toString("utf8");
        const value = block.subarray(eq + 1, nul);
        if (scrubs(name, value)) {
          const filler = Buffer.alloc(value.length, 0x78 /* x */);
          writeSync(fd, filler, 0, filler.length, start + eq + 1);
          scrubbed.push(name);
        }
      }
      at = nul + 1;
    }
  } catch (e) {
    return { scrubbed, unsupported: `refused: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return { scrubbed };
}

/** `env_start` and `env_end` of this process (fields 50 and 51 of /proc/self/stat). */
function envRange(): [number, number] {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start) {
    throw new Error("no environment range in /proc/self/stat");
  }
  return [start, end];
}
