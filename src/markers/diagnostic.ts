import type { SourceLocation } from './types.js';

/** A problem found while reading markers (or generating from them), with where it is. */
export interface Diagnostic extends SourceLocation {
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

/** `file:line:column: error: message`, the form compilers and editors understand. */
export function formatDiagnostic(d: Diagnostic, relativeTo?: (file: string) => string): string {
  const file = relativeTo ? relativeTo(d.file) : d.file;
  return `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
}

/** An error that carries its diagnostics, thrown by generators when input is invalid. */
export class DiagnosticError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
    this.name = 'DiagnosticError';
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
