export * from './widgets';
export * from './document';
