/**
 * Waiting for a control-plane process to serve: its health endpoint polled until it answers 200,
 * failing early, with the process's last output lines, when the process exits meanwhile.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { describeExit, type SupervisedProcess } from './supervised-process.js';

export class ControlPlaneStartError extends Error {
  override readonly name = 'ControlPlaneStartError';
}

export interface HealthCheck {
  url: string;
  /** PEM the server's certificate is verified with (HTTPS). */
  ca?: string;
  token?: string;
}

function answers200(check: HealthCheck): Promise<boolean> {
  const request = check.url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(check.url, { ca: check.ca, headers: check.token ? { Authorization: `Bearer ${check.token}` } : {}, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** The error for a process that did not come up, with what it last wrote. */
export function startFailure(proc: SupervisedProcess, what: string): ControlPlaneStartError {
  const tail = proc.tail();
  return new ControlPlaneStartError(`${proc.name} ${what}${tail ? `; its last output:\n${tail}` : ' (it wrote nothing)'}`);
}

/** Resolves when `check` answers 200; rejects when `proc` exits first or `deadline` (epoch ms) passes. */
export async function waitUntilServing(proc: SupervisedProcess, check: HealthCheck, deadline: number, pollMs = 100): Promise<void> {
  for (;;) {
    if (proc.exit) {
      await proc.exited;
      throw startFailure(proc, `${describeExit(proc.exit)} while starting`);
    }
    if (await answers200(check)) return;
    if (Date.now() > deadline) throw startFailure(proc, `did not answer ${check.url} with 200 in time`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
