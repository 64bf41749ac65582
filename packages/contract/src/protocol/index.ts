export * from './topics';
export * from './payloads';
export * from './values';
export * from './ws';
export * from './vnc';
export * from './central';
export * from './passthrough';
