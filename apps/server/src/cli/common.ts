// Shared by the command-line tools (npm run backup / restore / admin:password): the server's settings, resolved the
// way `npm start` resolves them, and file arguments relative to where npm was run.
import path from 'node:path';
import { loadConfig, REPO_ROOT, type Config } from '../config';

/** Where the user ran npm (file arguments are relative to it). */
export const USER_CWD = process.env.INIT_CWD ?? process.cwd();

/** A file argument as an absolute path. */
export function userPath(file: string): string {
  return path.resolve(USER_CWD, file);
}

/** The server's configuration: relative settings (DATA_DIR=./data) are resolved from apps/server, like `npm start`. */
export function serverConfig(): Config {
  process.chdir(path.join(REPO_ROOT, 'apps/server'));
  return loadConfig();
}

/** Runs a tool's main function: a readable message and exit code 1 on failure. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof CliError ? err.message : err);
    process.exit(1);
  });
}

/** A failure whose message is all the operator needs (no stack trace). */
export class CliError extends Error {}
