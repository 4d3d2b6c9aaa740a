/**
 * The turn-taking of src/git/run.ts's `open`: one git process asked request by request. run.ts gives it
 * the system's git, the safe command line and environment, and whether git may run in the directory.
 */
import { spawn } from "node:child_process";

/**
 * Takes an answer's bytes as they come: undefined while it wants more (it took the whole chunk), else how
 * many of the chunk's bytes were its answer's last (the rest is the next answer's). Throwing means the
 * output is not what was asked for: the process is ended.
 */
export type AnswerReader = (chunk: Buffer) => number | undefined;

/**
 * One git process (`cat-file --batch`) asked many times: started once where a process a request cost
 * the action a fork each (~4 ms of its thread at the end of a large run, BENCHMARKS.md). Answers come in
 * the order asked. A request not answered within the git deadline, output its reader refuses, or the
 * process's end, fail that request and every one after: the process is killed and later asks get false
 * at once. {@link GitProcess.close} ends it.
 */
export interface GitProcess {
  /** Writes `input`; resolves true once `read` has taken the whole answer, false if it never will. */
  ask(input: string, read: AnswerReader): Promise<boolean>;
  close(): void;
}

interface Asked {
  read: AnswerReader;
  resolve: (answered: boolean) => void;
  timer: NodeJS.Timeout;
}

export function openGit(
  git: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  refused = false,
): GitProcess {
  let child: ReturnType<typeof spawn> | undefined;
  try {
    if (!refused)
      child = spawn(git, args, { cwd, env, stdio: ["pipe", "pipe", "ignore"], windowsHide: true });
  } catch {
    child = undefined;
  }
  const waiting: Asked[] = [];
  let ended = child === undefined;
  const end = () => {
    ended = true;
    child?.kill("SIGKILL");
    for (const a of waiting.splice(0)) {
      clearTimeout(a.timer);
      a.resolve(false);
    }
  };
  child?.stdin?.on("error", end);
  child?.on("error", end);
  child?.on("close", end);
  child?.stdout?.on("data", (chunk: Buffer) => {
    let rest = chunk;
    while (rest.length > 0) {
      const a = waiting[0];
      // Output nobody asked for: not the answers we expect.
      if (!a) return end();
      let took: number | undefined;
      try {
        took = a.read(rest);
      } catch {
        return end();
      }
      if (took === undefined) return;
      waiting.shift();
      clearTimeout(a.timer);
      a.resolve(true);
      rest = rest.subarray(took);
    }
  });
  return {
    ask(input, read) {
      if (ended) return Promise.resolve(false);
      return new Promise((resolve) => {
        waiting.push({ read, resolve, timer: setTimeout(end, timeoutMs) });
        child?.stdin?.write(input);
      });
    },
    close() {
      if (ended) return;
      child?.stdin?.end();
      end();
    },
  };
}
