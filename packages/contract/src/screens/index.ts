export * from './widgets';
export * from './document';
export * from './build';
export * from './import-refusal';
