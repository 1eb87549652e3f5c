// First: configures zod before any schema below is built (see csp.ts).
import './csp';
export * from './constants';
export * from './validators';
export * from './envelope';
export * from './session';
export * from './account';
export * from './admin';
export * from './pages';
export * from './jobs';
export * from './search';
export * from './files';
export * from './home';
export * from './ip-records';
export * from './certificates';
export * from './ip-assets';
export * from './portfolio';
export * from './sub-accounts';
export * from './company-profile';
