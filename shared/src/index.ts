/**
 * @campus/shared: the one federated singleton the host and every remote share (ADR 0002:
 * a single entry so every module of it exists once at run time — session atoms in particular).
 */
export * from './api-client';
export * from './constants';
export * from './format';
export * from './page-meta';
export * from './redirect';
export * from './session';
export { renderStandalone } from './standalone-shell';
export { theme } from './theme';
export * from './types';
export * from './whatsapp';
