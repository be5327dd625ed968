/** Test helper installed by jest/setup.ts. */
declare function setViewportWidth(px: number): void;
