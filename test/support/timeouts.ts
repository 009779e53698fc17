/**
 * Timeouts that grow with the machine's load: a test that takes 20 s on a quiet laptop takes a minute
 * on two cores shared with a build, and a timeout there is noise, not a finding. The factor is
 * SCAFFOLDER_TEST_TIMEOUT_SCALE when set, else the 1-minute load average per core, clamped to 1..4.
 * Read once, when the config or a test file loads. Free of vitest so that vitest.config.ts can use it.
 */
import { availableParallelism, loadavg } from 'node:os';

export const TIMEOUT_SCALE_ENV = 'SCAFFOLDER_TEST_TIMEOUT_SCALE';

const MIN_SCALE = 1;
const MAX_SCALE = 4;

function clamp(value: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, value));
}

/** The factor every timeout is multiplied by (see the file comment). */
export function timeoutScale(): number {
  const set = process.env[TIMEOUT_SCALE_ENV];
  if (set !== undefined && set !== '') {
    const value = Number(set);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${TIMEOUT_SCALE_ENV}=${set}: expected a positive number, such as 2`);
    return value;
  }
  return clamp(loadavg()[0] / availableParallelism());
}

const scale = timeoutScale();

/**
 * The factor for timings a test file sets as it starts (Lease durations): the run's, or the load
 * average now when that is higher. The run's factor is read when the run begins; a file that runs
 * late meets the load of the files running beside it, and Leases timed for a quiet machine flap.
 */
export function scaleNow(): number {
  return Math.max(scale, clamp(loadavg()[0] / availableParallelism()));
}

/** `ms` scaled to the machine: use it for every timeout a test sets itself. */
export function scaled(ms: number): number {
  return Math.round(ms * scale);
}

/**
 * A generated project's own vitest run, with its timeouts (60 s per test and hook in its
 * vitest.config.ts, and envtest's 60 s for the control plane to start: a laptop's) scaled like ours,
 * since here it runs beside the rest of our suite on shared cores. The factor is taken when the run
 * starts (scaleNow). Returns the vitest arguments and the environment variables to add.
 */
export function projectTestTimeouts(): { args: string[]; env: Record<string, string> } {
  const factor = scaleNow();
  const ms = Math.round(60_000 * factor);
  return { args: [`--testTimeout=${ms}`, `--hookTimeout=${ms}`], env: { KUBEBUILDER_CONTROLPLANE_START_TIMEOUT: `${Math.round(60 * factor)}s` } };
}
