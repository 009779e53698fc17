export * from './dependents.js';
