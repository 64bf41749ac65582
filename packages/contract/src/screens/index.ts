export * from './widgets';
export * from './document';
export * from './import-refusal';
