/**
 * The run's contract (`output-schema`, `review`): its schema parsed and compiled before anything starts (a
 * bad one is an input error), and the prompt with the contract's instruction. ajv and yaml are loaded only
 * when a contract is asked for.
 */
import { InputError } from "../base/errors.js";
import { MAX_PROMPT_BYTES } from "../base/limits.js";
import { readSchemaFile } from "../settings/contract.js";
import type { Settings } from "../settings/settings.js";
import type { Contract } from "../structured/load.js";

export interface PreparedContract {
  loaded: Contract;
  /** The prompt with the contract's instruction appended. */
  prompt: string;
}

/**
 * Called once the run is admitted: on a pull request, a schema file is among the protected configuration
 * (src/gates/protect-config.ts), so by now it is the base commit's, not the pull request's.
 */
export async function prepareContract(settings: Settings): Promise<PreparedContract | undefined> {
  const c = settings.contract;
  if (!c.review && !c.schema) return undefined;
  const schema =
    c.schema?.from === "output-schema-file"
      ? {
          text: readSchemaFile(c.schema.file, c.schema.roots).text,
          from: c.schema.from,
        }
      : c.schema;
  const [{ loadContract }, { contractInstruction }] = await Promise.all([
    import("../structured/load.js"),
    import("../structured/contract.js"),
  ]);
  const loaded = await loadContract({ review: c.review, schema });
  if (!loaded) return undefined;
  const prompt = settings.prompt + contractInstruction(loaded.schema);
  // The agent takes the prompt as one argument (a replay has none worth the name: it passes too).
  if (Buffer.byteLength(prompt) > MAX_PROMPT_BYTES) {
    throw new InputError(
      c.schema?.from ?? "review",
      `the prompt with the schema's instruction is over ${MAX_PROMPT_BYTES} bytes, the most an argument can be`,
    );
  }
  return { loaded, prompt };
}
