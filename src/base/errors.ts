/**
 * Errors that are the user's to fix (a bad input, a configuration that cannot be protected, a CLI that
 * cannot be installed): the last resort prints their message as the one line it is, with no stack and no
 * "Unexpected error". Anything else that reaches it is a bug.
 */
export class UserFacingError extends Error {}

/** `f`, and nothing if it throws: reporting a failure must go as far as it can, one step failing or not. */
export function quietly(f: () => void): void {
  try {
    f();
  } catch {
    // the next step still runs
  }
}

export class InputError extends UserFacingError {
  constructor(
    readonly input: string,
    problem: string,
  ) {
    super(`Input '${input}': ${problem}`);
    this.name = "InputError";
  }
}
