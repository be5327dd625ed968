/**
 * Server rendering only (docs/product.md §23.2; ADR 0009): the exposed modules of the remotes that the
 * server loaded for THIS request before rendering — the module, or the error that stopped it
 * (unreachable, hung past the timeout, threw). `RemotePage` renders a loaded module at once (no
 * `React.lazy`, whose content would arrive hidden from readers without JavaScript) and turns an
 * error into client rendering of that part only. Null in the browser.
 */
import { type ComponentType, createContext } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: exposed pages take arbitrary props
export type RemoteModule = { default: ComponentType<any>; [name: string]: unknown };

/** Exposed module id ('catalog/ProductsPage') → the loaded module or why it could not be loaded. */
export type ServerRemoteModules = Map<string, RemoteModule | Error>;

export const ServerRemoteModulesContext = createContext<ServerRemoteModules | null>(null);
