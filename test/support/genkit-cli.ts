import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../../scripts/emulators/locate";

const CLI = join(REPO_ROOT, "node_modules", "genkit-cli", "dist", "bin", "genkit.js");
const TSX = join(REPO_ROOT, "node_modules", "tsx", "dist", "cli.mjs");
/** What follows the CLI's `--`: the developer runtime it starts (agent/src/dev.ts, under tsx). */
export const DEV_RUNTIME = ["--", process.execPath, TSX, join(REPO_ROOT, "agent", "src", "dev.ts")];

/**
 * A project folder for the CLI: its project root (the package.json marker), where it keeps its
 * traces, eval runs and runtime files (.genkit/), and its own config and home, so a test neither
 * reads nor writes a developer's Genkit state.
 */
export function cliProject(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), "nova-genkit-cli-"));
  writeFileSync(join(dir, "package.json"), '{ "name": "nova-genkit-cli-test", "private": true }\n');
  mkdirSync(join(dir, "config"));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, "config") };
  delete env.GENKIT_ENV;
  delete env.GENKIT_TELEMETRY_SERVER;
  return { dir, env };
}

/** A port nothing listens on now (the developer UI's: its default range may hold another helper's UI). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether any process of the group is alive (signal 0 to the group). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Genkit CLI as a process group of its own (detached): the CLI spawns the runtime in its group
 * (and tsx its node child), so stopping the group by its id stops every process the command started,
 * whether the command finished, hangs or the test failed.
 */
export class GenkitCli {
  readonly child: ChildProcess;
  output = "";
  readonly exited: Promise<number | null>;

  constructor(args: string[], project: { dir: string; env: NodeJS.ProcessEnv }) {
    this.child = spawn(process.execPath, [CLI, "--non-interactive", "--no-update-notification", ...args], {
      cwd: project.dir,
      env: project.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout!.on("data", (d: Buffer) => (this.output += d.toString()));
    this.child.stderr!.on("data", (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  get pgid(): number {
    return this.child.pid!;
  }

  /** The exit code, or a failure with the CLI's output when it runs past `ms`. */
  async finished(ms: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`genkit ran past ${ms} ms:\n${this.output.slice(-2000)}`)), ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stops the whole group: SIGTERM, then SIGKILL for whatever is left after `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    const deadline = Date.now() + graceMs;
    if (groupAlive(this.pgid)) process.kill(-this.pgid, "SIGTERM");
    while (groupAlive(this.pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(this.pgid)) process.kill(-this.pgid, "SIGKILL");
    const killed = Date.now() + 3000;
    while (groupAlive(this.pgid) && Date.now() < killed) await new Promise((r) => setTimeout(r, 50));
    if (groupAlive(this.pgid)) throw new Error(`genkit's process group ${this.pgid} outlived SIGKILL`);
  }
}
