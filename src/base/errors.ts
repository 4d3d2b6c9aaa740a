/**
 * Errors that are the user's to fix (a bad input, a configuration that cannot be protected, a CLI that
 * cannot be installed): the last resort prints their message as the one line it is, with no stack and no
 * "Unexpected error". Anything else that reaches it is a bug.
 */
export class UserFacingError extends Error {}

export class InputError extends UserFacingError {
  constructor(
    readonly input: string,
    problem: string,
  ) {
    super(`Input '${input}': ${problem}`);
    this.name = "InputError";
  }
}
