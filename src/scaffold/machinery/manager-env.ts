// The manager container's environment in config/manager/manager.yaml, as init writes it: entries
// under `env:` right below `name: manager` (kubebuilder puts them there too). Commands add and
// remove variables (edit --namespaced: WATCH_NAMESPACE; deploy-image: <KIND>_IMAGE) without
// writing a second `env:` key.
import { UsageError } from '../../project/usage-error.js';

export const managerFile = 'config/manager/manager.yaml';
const containerLine = '        name: manager\n';
const envLine = '        env:\n';

/** `- name: <name>` with the lines that follow it (indented as under env:). */
export function managerEnvEntry(name: string, rest: string[]): string {
  return [`        - name: ${name}`, ...rest.map((l) => `          ${l}`)].join('\n') + '\n';
}

function containerEnd(content: string): number {
  const at = content.indexOf(containerLine);
  if (at < 0) throw new UsageError(`${managerFile}: no container named "manager" (a line "${containerLine.trim()}") to set environment variables of`);
  return at + containerLine.length;
}

/** The entry of variable `name` under env: (start and end offsets), if there is one. */
function findEntry(content: string, name: string): [number, number] | undefined {
  const start = content.indexOf(`        - name: ${name}\n`);
  if (start < 0) return undefined;
  let end = content.indexOf('\n', start) + 1;
  while (content.startsWith('          ', end)) end = content.indexOf('\n', end) + 1;
  return [start, end];
}

/** Sets variable `name` (replacing its entry when there is one); `entry` from managerEnvEntry. */
export function setManagerEnv(content: string, name: string, entry: string): string {
  const existing = findEntry(content, name);
  if (existing) return content.slice(0, existing[0]) + entry + content.slice(existing[1]);
  const end = containerEnd(content);
  if (content.startsWith(envLine, end)) {
    // Right below env:, before the variables already there, as kubebuilder inserts them.
    const at = end + envLine.length;
    return content.slice(0, at) + entry + content.slice(at);
  }
  return content.slice(0, end) + envLine + entry + content.slice(end);
}

/** Removes variable `name`, and `env:` when nothing is left under it. */
export function removeManagerEnv(content: string, name: string): string {
  const existing = findEntry(content, name);
  if (!existing) return content;
  const out = content.slice(0, existing[0]) + content.slice(existing[1]);
  const end = containerEnd(out);
  if (out.startsWith(envLine, end) && !out.startsWith('        - ', end + envLine.length)) {
    return out.slice(0, end) + out.slice(end + envLine.length);
  }
  return out;
}
