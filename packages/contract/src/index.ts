// First: configures zod before any schema below is built (see csp.ts).
import './csp';
export * from './constants';
export * from './validators';
export * from './envelope';
export * from './session';
export * from './account';
export * from './pages';
export * from './jobs';
export * from './search';
export * from './files';
export * from './litigation';
