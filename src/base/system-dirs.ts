/**
 * Where the programs the action runs as root, with sudo, to drop privileges, or for the carried chat's
 * copies are looked for: the distribution's directories only. Never the job's PATH (an earlier step may
 * have put the workspace's `node_modules/.bin` there, where the agent or the pull request can plant a
 * `setfacl` or a `tar`), and not /usr/local: what is there is no package's, and a self-hosted machine's may
 * be writable by its admins' tools. (git has its own list, with Homebrew's: git/run.ts.)
 */
export const SYSTEM_DIRS = ["/usr/sbin", "/usr/bin", "/sbin", "/bin"] as const;

/** {@link SYSTEM_DIRS} as the PATH of a program the action starts. */
export const SYSTEM_PATH = SYSTEM_DIRS.join(":");
