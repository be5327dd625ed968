/**
 * @campus/shared: the one federated singleton the host and every remote share (ADR 0002:
 * a single entry so every module of it exists once at run time — session atoms in particular).
 */
export * from './api-client';
export * from './constants';
export * from './data-saver';
export * from './form-fields';
export * from './format';
export { lazyPanel, MountWhenOpened } from './mount-when-opened';
export { NativeCheckbox } from './native-checkbox';
export { OfflineNotice } from './offline-notice';
export * from './online-status';
export { OutlinedField, type OutlinedFieldProps } from './outlined-field';
export * from './page-meta';
export * from './password-policy';
export * from './password-strength-meter';
export * from './redirect';
export { releaseServerField, releaseServerForm, serverFieldValue, serverFormValues } from './server-field';
export * from './server-rendering';
export * from './session';
export { renderStandalone, SiteToaster, useApiNavigator } from './standalone-shell';
export { FOCUS_RING_PX, INSET_FOCUS_RING, TAP_TARGET_PX, theme } from './theme';
export * from './toasts';
export * from './types';
export * from './universities';
export * from './validation-messages';
export { useIsDesktop } from './viewport';
export * from './whatsapp';
