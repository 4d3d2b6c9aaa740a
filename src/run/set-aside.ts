/**
 * What a live run sets up and the agent must not keep, and its putting back: this step's file commands
 * (noted before the agent), the prompt's protected configuration (set aside at admission), the
 * checkout's credential (stashed away from an agent user) and the agent's own user with its grants. Each
 * is handed here as it is set up, so that whichever path ends the run (its end, a refused contract, the
 * last resort) finds all of it; each part is done once, whichever comes first.
 */
import type { Restored } from "../gates/protect-config.js";
import type { AgentUser } from "../security/agent-user.js";
import { type FileCommandsSnapshot, restoreFileCommands } from "../security/file-commands.js";
import { leftOut, putBackCredentials, type StashedCredentials } from "../security/git-credentials.js";
import type { HeldView } from "../security/held-view.js";
import { settleConfig } from "./admit.js";
import { addCliToPath, type Cli } from "./cli.js";
import { type Back, NOTHING_BACK } from "./source.js";

export class SetAside {
  private config: Restored | undefined;
  private fileCommands: FileCommandsSnapshot | undefined;
  private credentials: StashedCredentials | undefined;
  private agentUser: AgentUser | undefined;
  private held: HeldView | undefined;
  private stashing: Promise<void> | undefined;
  /**
   * The last resort has undone the run: what is handed over from now on (a preparation that went on
   * meanwhile) is undone at once, never held for an undo that has passed.
   */
  private undone = false;
  /** What release() could not put back (the credential), said by restore(). */
  private readonly releaseWarnings: string[] = [];
  private restored: Promise<Back> | undefined;

  /**
   * `env`: the step's (its file commands, `$GITHUB_PATH`); `hurry`: whether the runner's cancel has come
   * (the agent user's end then takes its cancel share).
   */
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly hurry: () => boolean | undefined,
  ) {}

  /** Admission set the prompt's protected configuration aside: it goes back on every path. */
  protectedConfig(config: Restored | undefined): void {
    this.config = config;
  }

  noted(fileCommands: FileCommandsSnapshot): void {
    this.fileCommands = fileCommands;
  }

  /**
   * The checkout's credential being taken out (started beside the snapshot): held from now on, so that an
   * undo that comes meanwhile waits for it before it puts back. The returned promise rejects as the stash.
   */
  stashes(stash: Promise<StashedCredentials | undefined>): Promise<void> {
    this.stashing = stash.then(
      (credentials) => {
        this.credentials = credentials;
        if (this.undone) this.release();
      },
      (e: unknown) => {
        // Taken out, and its way back not known: said, never lost in silence.
        const why = leftOut(e);
        if (why) this.releaseWarnings.push(why);
        throw e;
      },
    );
    return this.stashing;
  }

  /** Whether the last resort has undone the run (the preparation then stops). */
  get over(): boolean {
    return this.undone;
  }

  /** The agent's own view's process, held until the agent starts: let go of if it never does. */
  holds(held: HeldView): void {
    this.held = held;
    if (this.undone) this.release();
  }

  madeUser(agentUser: AgentUser): void {
    this.agentUser = agentUser;
    if (this.undone) this.release();
  }

  /** The agent's own user, until it is released. */
  get user(): AgentUser | undefined {
    return this.agentUser;
  }

  /**
   * The agent is gone (or never started): its user's processes too, the grants taken back, what it created
   * given to the workspace's owner, the checkout's credential back, for the steps after this one. Once.
   */
  release(): void {
    const { agentUser, credentials } = this;
    // Before the user goes: the held process ends at the end of its pipe, nothing run (a no-op once it
    // became the agent's).
    this.held?.close();
    this.held = undefined;
    this.agentUser = undefined;
    this.credentials = undefined;
    try {
      // Warnings of its end: a process that outlived the deadline (the user then kept), what was left.
      for (const warning of agentUser?.release(this.hurry()) ?? []) this.releaseWarnings.push(warning);
    } catch (e) {
      // Its processes may still run: the credential stays out of their reach.
      this.releaseWarnings.push(
        `The agent's user could not be released (${(e as Error).message}): the checkout's credential was not put back.`,
      );
      return;
    }
    const why = putBackCredentials(credentials);
    if (why) this.releaseWarnings.push(why);
  }

  /** The run's end: what was guarded goes back, then the CLI's directory on PATH for the next steps. */
  async putBack(cli: Cli | undefined): Promise<Back> {
    const back = await this.restore();
    // After the file commands are put back (that would undo it), and only if the agent left the install
    // as it was verified.
    const warnings = [...back.warnings, ...(await addCliToPath(cli, this.env))];
    return { lines: back.lines, warnings };
  }

  /** The run will not start: everything set up is undone, and what putBack() puts back is. */
  async abandon(cli: Cli | undefined): Promise<Back> {
    await this.stashed();
    this.release();
    return this.putBack(cli);
  }

  /**
   * Anything unexpected, at any moment (the last resort's): as abandon(), said once (what putBack() or
   * abandon() already put back, its caller has said). Never throws.
   */
  async undo(): Promise<Back> {
    this.undone = true;
    const first = this.restored === undefined;
    // The file commands at once (restoreOnce's first step); the rest once a stash under way has ended, so
    // that what it took out goes back too.
    const releasing = this.stashed().then(() => this.release());
    const back = await this.restore(releasing);
    await releasing;
    return first ? back : NOTHING_BACK;
  }

  /** A stash under way has ended (taken out, or failed): what release() puts back is known. Never rejects. */
  private async stashed(): Promise<void> {
    await this.stashing?.catch(() => undefined);
  }

  /**
   * Put back once, whichever path asks first (the end of the run, a refused contract, the last resort): a
   * second time would undo what the action wrote since.
   */
  private restore(releasing?: Promise<void>): Promise<Back> {
    this.restored ??= this.restoreOnce(releasing);
    return this.restored;
  }

  /** `releasing`: the release under way (undo()), whose warnings are said too. */
  private async restoreOnce(releasing?: Promise<void>): Promise<Back> {
    // Before the action writes its own: whatever the agent's tree wrote to them is undone. First, and
    // synchronously: a last resort that stops waiting for the rest must not have its outputs undone later.
    const warnings = this.fileCommands ? restoreFileCommands(this.fileCommands) : [];
    await releasing;
    warnings.push(...this.releaseWarnings);
    // The PR's own configuration goes back once the changes are read (protect-config is for the agent).
    const lines = await settleConfig(this.config).catch(() => []);
    return { lines, warnings };
  }
}
