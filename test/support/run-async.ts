// A child process run without blocking this one (an in-process test API server, or a registry
// child, must go on answering it): its exit code and output.
import { spawn } from 'node:child_process';

export interface AsyncRun { code: number | null; stdout: string; stderr: string }

export function runAsync(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<AsyncRun> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
