export * from './account';
export * from './complaints';
export * from './enums';
export * from './errors';
export * from './limits';
export * from './notifications';
export * from './phone';
export * from './system';
