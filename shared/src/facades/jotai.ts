/**
 * jotai facade: the only jotai entry the site imports (`jotai` is aliased here by rspack.base.ts,
 * tsconfig paths and jest; lint forbids `jotai/*`). Module federation shares a singleton whole
 * (every export: tree-shaking cannot see what remotes use), so sharing jotai's six entry points
 * put all of `jotai/utils` (atomFamily, loadable, splitAtom, ...) into every first view. This module
 * re-exports only what the site uses, and it is the one shared `jotai` singleton: one default
 * store for the host and every remote (the session atom lives there). A missing export is a type
 * error (TS2305) in `npm run lint`: add it below.
 */

export { useAtomValue, useSetAtom } from 'jotai/react';
export type { Atom, PrimitiveAtom, SetStateAction, WritableAtom } from 'jotai/vanilla';
export { atom, getDefaultStore } from 'jotai/vanilla';
export { atomWithStorage } from 'jotai/vanilla/utils';
