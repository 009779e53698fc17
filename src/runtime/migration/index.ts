export { StorageVersionMigrator, type MigrationResult, type StorageVersionMigratorOptions } from './storage-version-migrator.js';
export { MIGRATION_PROGRESS_ANNOTATION, type MigrationProgress } from './progress.js';
