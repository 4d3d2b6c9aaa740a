export { createGitReader, type FileRead, type GitReader, noGit } from "../git/reader.js";
export { changeOutputs } from "./outputs.js";
export { snapshotWorkingTree } from "./snapshot.js";
export { ChangeTracker, type FinishOptions } from "./tracker.js";
export type { ChangeSet, FileChange } from "./types.js";
