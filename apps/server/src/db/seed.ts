/** The demo seed: its parts live in seed/ (seed/index.ts says what each holds). */
export * from './seed/index.js';
