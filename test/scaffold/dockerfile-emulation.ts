// Runs a generated Dockerfile's steps without a container engine, for tests where none is available:
// the build context is filtered by .dockerignore, each stage is a directory standing for the
// image's file system, COPY copies files, RUN runs `sh -c` with the host's tools (Node and npm
// of the host, not of the base image). Only the instructions and .dockerignore patterns that the
// generated files use are understood; anything else is an error, so the emulation never guesses.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface EmulatedStage {
  name: string;
  /** The directory standing for the stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  entrypoint: string[];
}

/** Top-level names of `context` that .dockerignore lets through (patterns `*`, `name`, `!name`; last match wins). */
export function contextEntries(context: string): string[] {
  const patterns = readFileSync(join(context, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  for (const p of patterns) {
    if (/[/?[\]\\]/.test(p.replace(/^!/, '').replace(/\/$/, '')) || (p.includes('*') && p.replace(/^!/, '') !== '*')) {
      throw new Error(`.dockerignore pattern "${p}" is beyond this emulation (top-level names and * only)`);
    }
  }
  return readdirSync(context).filter((entry) => {
    let included = true;
    for (const p of patterns) {
      const negated = p.startsWith('!');
      const name = p.replace(/^!/, '').replace(/\/$/, '');
      if (name === '*' || name === entry) included = negated;
    }
    return included;
  }).sort();
}

/** Docker's COPY: a directory's contents go into the target; a file goes into it when `dest` names a directory. */
function copy(src: string, dest: string, target: string): void {
  if (statSync(src).isDirectory()) {
    cpSync(src, target, { recursive: true });
    return;
  }
  const into = dest.endsWith('/') || dest === '.';
  mkdirSync(into ? target : dirname(target), { recursive: true });
  cpSync(src, into ? join(target, basename(src)) : target);
}

/**
 * Emulates `docker build` of `context` into stages under `out` (with `buildArgs` as --build-arg);
 * returns the stages, the last one being the image.
 */
export function emulateDockerBuild(context: string, out: string, hostEnv: NodeJS.ProcessEnv = process.env, buildArgs: Record<string, string> = {}): EmulatedStage[] {
  const allowed = new Set(contextEntries(context));
  // ARGs declared before the first FROM, which FROM lines may use as ${NAME}; a build arg wins over the default.
  const globalArgs = new Map<string, string>();
  const expand = (text: string) => text.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = globalArgs.get(name);
    if (value === undefined) throw new Error(`\${${name}}: no ARG ${name} before the first FROM`);
    return value;
  });
  const lines = readFileSync(join(context, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const stages: EmulatedStage[] = [];
  const current = (): EmulatedStage => {
    const s = stages.at(-1);
    if (!s) throw new Error('an instruction before FROM');
    return s;
  };
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    switch (instruction) {
      case 'ARG': {
        const m = /^(\w+)=(\S+)$/.exec(args);
        if (!m || stages.length > 0) throw new Error(`ARG ${args}: only ARG NAME=default before the first FROM is understood`);
        globalArgs.set(m[1], buildArgs[m[1]] ?? m[2]);
        break;
      }
      case 'FROM': {
        const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(expand(args));
        if (!m) throw new Error(`FROM ${args}: not understood`);
        const root = join(out, `stage-${stages.length}`);
        mkdirSync(root, { recursive: true });
        stages.push({ name: m[2] ?? String(stages.length), root, workdir: '/', env: {}, entrypoint: [] });
        break;
      }
      case 'WORKDIR':
        current().workdir = args;
        mkdirSync(join(current().root, args), { recursive: true });
        break;
      case 'ENV': {
        const m = /^(\w+)=(\S*)$/.exec(args);
        if (!m) throw new Error(`ENV ${args}: not understood`);
        // The host's tools stand for the image's, so the host's PATH stays (the image's names
        // directories such as /nodejs/bin that the host does not have).
        if (m[1] !== 'PATH') current().env[m[1]] = m[2]!;
        break;
      }
      case 'USER':
        break; // no users in the emulation
      case 'ENTRYPOINT':
        current().entrypoint = JSON.parse(args) as string[];
        break;
      case 'COPY': {
        const words = args.split(/\s+/);
        const from = words[0]?.startsWith('--from=') ? words.shift()!.slice('--from='.length) : undefined;
        const dest = words.pop()!;
        const stage = current();
        const target = join(stage.root, dest.startsWith('/') ? dest : join(stage.workdir, dest));
        for (const src of words) {
          if (from !== undefined) {
            const source = stages.find((s) => s.name === from);
            if (!source) throw new Error(`COPY --from=${from}: no such stage`);
            copy(join(source.root, src), dest, target);
          } else if (src === '.') {
            for (const entry of allowed) copy(join(context, entry), entry, join(target, entry));
          } else {
            const top = src.replace(/\/$/, '').split('/')[0];
            if (!allowed.has(top)) throw new Error(`COPY ${src}: not in the build context (.dockerignore leaves it out, or it does not exist)`);
            copy(join(context, src), dest, target);
          }
        }
        break;
      }
      case 'RUN': {
        const stage = current();
        const r = spawnSync('sh', ['-c', args], { cwd: join(stage.root, stage.workdir), env: { ...hostEnv, ...stage.env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        if (r.status !== 0) throw new Error(`RUN ${args} exited ${r.status}\n${r.stdout}\n${r.stderr}`);
        break;
      }
      default:
        throw new Error(`Dockerfile instruction ${instruction} is beyond this emulation`);
    }
  }
  return stages;
}
