/** How each kind of input value is read: one line naming the input when it is not what it should be. */
import { InputError } from "../base/errors.js";
import { oneLine } from "../base/format.js";

type Get<N extends string> = (n: N) => string;

/** `core.getBooleanInput`'s rule (YAML 1.2 core schema), with the default applied to an empty input. */
export function bool<N extends string>(get: Get<N>, name: N): boolean {
  const v = get(name);
  if (["true", "True", "TRUE"].includes(v)) return true;
  if (["false", "False", "FALSE"].includes(v)) return false;
  throw new InputError(name, `'${oneLine(v)}' is not a boolean; use true or false`);
}

/** Comma- or newline-separated logins, `@` optional. */
export function list(s: string): string[] {
  return s
    .split(/[,\n]/)
    .map((x) => x.trim().replace(/^@/, ""))
    .filter(Boolean);
}

export function minutes<N extends string>(get: Get<N>, name: N): number {
  const v = get(name);
  const n = Number(v);
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(v) || !Number.isFinite(n)) {
    throw new InputError(
      name,
      `'${oneLine(v)}' is not a number of minutes (0 for no limit; fractions allowed)`,
    );
  }
  return n;
}

export function wholeNumber<N extends string>(get: Get<N>, name: N, min: number): number {
  const v = get(name);
  if (!/^\d+$/.test(v) || Number(v) < min)
    throw new InputError(name, `'${oneLine(v)}' is not a whole number of at least ${min}`);
  return Number(v);
}

/** One `Name: value` a line; a header name is an HTTP token. */
export function headers(text: string): string[] {
  const out: string[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "") continue;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:\s*\S/.test(line)) {
      throw new InputError("headers", `line ${i + 1} is not 'Name: value'`);
    }
    out.push(line);
  }
  return out;
}

export function oneOf<N extends string, V extends string>(get: Get<N>, name: N, values: readonly V[]): V {
  const v = get(name);
  if ((values as readonly string[]).includes(v)) return v as V;
  throw new InputError(name, `'${oneLine(v)}' is not one of ${values.join(", ")}`);
}
