import type { messages } from './en';

/** The shape every interface language must fill: the English catalogue's keys. */
export type Messages = typeof messages;
