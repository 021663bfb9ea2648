/** What a CLI command may touch: injected so tests run commands in-process. */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  version: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}
