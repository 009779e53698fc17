// `init --install`: npm install in the new project. npm says nothing until it is done, which on a
// first install is minutes: its HTTP log (--loglevel=http) gives progress lines instead
// (npm-install-progress.ts). Its own summary ("added 312 packages in 40s") is passed on; when it
// fails, a one-line message instead of npm's log (most often: the registry cannot be reached).
import { spawn } from 'node:child_process';
import type { CliIO } from './io.js';
import { npmCommand } from './npm-command.js';
import { NpmInstallProgress } from './npm-install-progress.js';

export async function npmInstall(io: CliIO): Promise<{ ok: true } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    const child = spawn(npmCommand, ['install', '--no-audit', '--no-fund', '--loglevel=http'], { cwd: io.cwd, env: io.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const started = performance.now();
    const progress = new NpmInstallProgress();
    let partial = '';
    const read = (d: Buffer) => {
      const text = d.toString();
      log += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const said = progress.line(line, performance.now() - started);
        if (said !== undefined) io.stdout(said);
      }
    };
    const idle = setInterval(() => {
      const said = progress.idle(performance.now() - started);
      if (said !== undefined) io.stdout(said);
    }, 1000);
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', (err) => {
      clearInterval(idle);
      resolve({ ok: false, reason: `cannot run npm: ${err.message}` });
    });
    child.on('close', (code) => {
      clearInterval(idle);
      if (code !== 0) return resolve({ ok: false, reason: `npm install exited with code ${code}: ${summarise(log)}` });
      for (const line of log.split('\n')) if (/^(added|removed|changed|up to date)\b/.test(line.trim())) io.stdout(`  npm install: ${line.trim()}\n`);
      resolve({ ok: true });
    });
  });
}

// npm's first error line says what went wrong (e.g. `npm error code ECONNREFUSED`); keep the few that matter.
function summarise(log: string): string {
  const errors = log.split('\n').map((l) => l.trim()).filter((l) => /^npm (error|ERR!)/.test(l))
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, '')).filter((l) => l && !l.startsWith('A complete log'));
  return (errors.slice(0, 2).join('; ') || log.trim().split('\n').filter((l) => !l.startsWith('npm http ')).pop() || 'no output').slice(0, 300);
}
