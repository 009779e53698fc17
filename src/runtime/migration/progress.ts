/**
 * Where a storage-version migration is: an annotation on the CRD, so that a migrator that stops
 * (a restart, a lost leadership) takes up again from the last finished page.
 */
export const MIGRATION_PROGRESS_ANNOTATION = 'scaffolder.dev/storage-version-migration';

export interface MigrationProgress {
  /** The storage version objects are being rewritten at; progress for another version is started afresh. */
  storageVersion: string;
  /** The list's continue token after the last finished page. */
  continue: string;
  /** Objects rewritten so far. */
  migrated: number;
}

export function readProgress(annotations: Record<string, string> | undefined, storageVersion: string): MigrationProgress | undefined {
  const text = annotations?.[MIGRATION_PROGRESS_ANNOTATION];
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<MigrationProgress>;
    if (value.storageVersion !== storageVersion || typeof value.continue !== 'string') return undefined;
    return { storageVersion, continue: value.continue, migrated: Number(value.migrated) || 0 };
  } catch {
    return undefined;
  }
}
