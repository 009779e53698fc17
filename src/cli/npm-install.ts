// `init --install`: npm install in the new project, with a one-line message instead of npm's
// log when it fails (most often: the registry cannot be reached).
import { spawn } from 'node:child_process';
import type { CliIO } from './io.js';

export async function npmInstall(io: CliIO): Promise<{ ok: true } | { ok: false; reason: string }> {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const child = spawn(npm, ['install', '--no-audit', '--no-fund'], { cwd: io.cwd, env: io.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => { log += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { log += d.toString(); });
    child.on('error', (err) => resolve({ ok: false, reason: `cannot run npm: ${err.message}` }));
    child.on('close', (code) => {
      if (code === 0) return resolve({ ok: true });
      resolve({ ok: false, reason: `npm install exited with code ${code}: ${summarise(log)}` });
    });
  });
}

// npm's first error line says what went wrong (e.g. `npm error code ECONNREFUSED`); keep the few that matter.
function summarise(log: string): string {
  const errors = log.split('\n').map((l) => l.trim()).filter((l) => /^npm (error|ERR!)/.test(l))
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, '')).filter((l) => l && !l.startsWith('A complete log'));
  return (errors.slice(0, 2).join('; ') || log.trim().split('\n').pop() || 'no output').slice(0, 300);
}
