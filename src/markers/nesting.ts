/**
 * How deeply what `manifests` reads may nest. Past MAX_NESTING the recursive walks (the marker
 * collector, the schema builder, the flatten pass, the marker value parser, the kube-openapi
 * converter) would run out of stack ("Maximum call stack size exceeded", no location) instead of
 * reporting the file and line; each checks the one limit first and reports where it is passed.
 *
 * Kubernetes' deepest API types and schemas (a CronJob's pod template down to a probe's exec
 * command) nest under 20 levels, so 100 is far beyond any real API and far below what the walks can
 * take. It bounds a type (each array `[]`, type argument, union member, inline object type or
 * parenthesis adds a level), a chain of type aliases, a schema (fields, list items, map values,
 * embedded types), a marker value (`{...}`) and a kube-openapi document. Any other syntax (an
 * initializer, an expression) may nest 1,000 levels. CEL rules have CEL's own limits (src/kube/cel).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { Diagnostic } from './diagnostic.js';

export const MAX_NESTING = 100;
export const MAX_SYNTAX_NESTING = 1000;

const checked = new WeakMap<ts.SourceFile, Diagnostic | null>();

function at(sf: ts.SourceFile, node: ts.Node, message: string): Diagnostic {
  const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { severity: 'error', file: sf.fileName, line: line + 1, column: character + 1, message };
}

/** The first place `sf` nests too deeply (an error), or undefined; walked without recursion. */
export function nestingProblem(sf: ts.SourceFile): Diagnostic | undefined {
  const known = checked.get(sf);
  if (known !== undefined) return known ?? undefined;
  let problem: Diagnostic | undefined;
  // Three stacks rather than one of [node, depth, typeDepth], and one callback: nothing made for every node.
  const nodes: ts.Node[] = [sf];
  const depths: number[] = [0];
  const typeDepths: number[] = [0];
  let childDepth = 0;
  let childTypes = 0;
  const push = (child: ts.Node): void => {
    nodes.push(child);
    depths.push(childDepth);
    typeDepths.push(childTypes);
  };
  while (nodes.length > 0 && problem === undefined) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    const types = typeDepths.pop()! + (ts.isTypeNode(node) ? 1 : 0);
    if (types > MAX_NESTING) {
      problem = at(sf, node, `type nested more than ${MAX_NESTING} levels deep (arrays, type arguments, unions and inline object types each add a level; no real API comes near this): name the inner types`);
    } else if (depth > MAX_SYNTAX_NESTING) {
      problem = at(sf, node, `syntax nested more than ${MAX_SYNTAX_NESTING} levels deep: split the expression or declaration`);
    } else {
      childDepth = depth + 1;
      childTypes = types;
      ts.forEachChild(node, push);
    }
  }
  checked.set(sf, problem ?? null);
  return problem;
}

/** Where brackets first nest past MAX_NESTING in `text` (1-based line), strings and comments not told apart. */
function deepestBracketLine(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  for (const ch of text) {
    if (ch === '\n') line++;
    else if (ch === '{' || ch === '(' || ch === '[' || ch === '<') {
      if (++depth > MAX_NESTING) return line;
    } else if (ch === '}' || ch === ')' || ch === ']' || ch === '>') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

function sourceFilesUnder(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return target.endsWith('.ts') ? [target] : [];
  return readdirSync(target).sort().flatMap((name) => sourceFilesUnder(path.join(target, name)));
}

/**
 * TypeScript's parser, at each modifier keyword of a run (`export export export ...`), looks ahead
 * over the rest of the run: a line of 10,000 of them takes it most of a minute (quadratic), and
 * reporting the one mistake waited on it. No declaration has more than a handful; a run longer
 * than MAX_MODIFIER_RUN is refused before the file is parsed. (These are the keywords whose runs
 * the TypeScript that ts-morph bundles was measured to parse in quadratic time.)
 */
export const MAX_MODIFIER_RUN = 100;
const MODIFIER_RUN = new RegExp(`(?:\\b(?:export|declare|abstract|async|public|private|protected|static|readonly|accessor)\\b\\s*){${MAX_MODIFIER_RUN + 1}}`);

/** An error naming `file` and the line of a run of modifiers too long for TypeScript's parser in `text`, or undefined. */
export function modifierRunError(file: string, text: string): Error | undefined {
  const run = MODIFIER_RUN.exec(text);
  if (!run) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < run.index; i = text.indexOf('\n', i + 1)) line++;
  return new Error(`${file}:${line}: more than ${MAX_MODIFIER_RUN} modifiers (export, public, readonly, ...) in a row, more than TypeScript's parser reads in reasonable time: remove the stray ones`);
}

/** Refuses, before TypeScript parses them, the source files under `target` with a run of modifiers too long for its parser. */
export function checkModifierRuns(target: string): void {
  for (const file of sourceFilesUnder(target)) {
    if (file.endsWith('.d.ts') || file.endsWith('.test.ts')) continue;
    const error = modifierRunError(file, readFileSync(file, 'utf8'));
    if (error) throw error;
  }
}

/**
 * TypeScript's own parser is recursive: a file nested deeply enough (a thousand inline object types)
 * overflows the stack while it is read. For such an error, the file (under `target`) the parser
 * cannot read, as an error naming it and the line where its brackets pass the limit; else `err`.
 */
export function parserOverflowError(err: unknown, target: string): unknown {
  if (!(err instanceof RangeError)) return err;
  for (const file of sourceFilesUnder(target)) {
    const text = readFileSync(file, 'utf8');
    try {
      ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    } catch (e) {
      if (!(e instanceof RangeError)) continue;
      return tooDeepToParse(file, text);
    }
  }
  return err;
}

/** The error for `file`, whose `text` TypeScript's parser cannot read (a stack overflow), naming the line where its brackets pass the limit. */
export function tooDeepToParse(file: string, text: string): Error {
  const line = deepestBracketLine(text);
  return new Error(`${file}${line === undefined ? '' : `:${line}`}: nested too deeply for the TypeScript parser (types may nest at most ${MAX_NESTING} levels): name the inner types`);
}
