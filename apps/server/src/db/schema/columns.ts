/** Column helpers every area's tables share: timestamps, money in micros, status, enum checks. */
import { type EnumValue, type SimpleStatus } from '@adloom/domain';
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export type Status = EnumValue<typeof SimpleStatus>;

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const micros = (name: string) => bigint(name, { mode: 'number' });
export const quoteList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
