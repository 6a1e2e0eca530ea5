/**
 * The /serve/ad query on the hot path. ZServeFacts (packages/domain) is the rule; validating
 * a query with it costs a few microseconds per ad request, most of them on wrappers a
 * well-formed query never needs. This reads the usual well-formed query directly and
 * answers exactly what ZServeFacts would; anything it is not sure of (a missing or odd
 * field, a repeated parameter, a value to coerce) goes to ZServeFacts, which then accepts
 * it or names the bad field. serve-query.test.ts holds the two to the same answers.
 */
import { fieldsFromIssues } from '../../validation.js';
import {
  SERVE_FACT_TEXT_LIMITS,
  ZServeFacts,
  isSafeText,
  type FieldIssue,
  type ServeFacts,
} from '@adloom/domain';

const TEXT_FACTS = Object.entries(SERVE_FACT_TEXT_LIMITS) as [
  keyof typeof SERVE_FACT_TEXT_LIMITS,
  number,
][];

const SLOT_ID = /^[1-9]\d{0,14}$/;
const OS = /^[0-3]$/;
const NETWORK = /^(0|[1-9]\d{0,8})$/;
const COUNTRY = /^[A-Za-z]{2}$/;

/** The facts of a plainly well-formed query, or null to leave it to ZServeFacts. */
export function readServeQuery(query: Record<string, unknown>): ServeFacts | null {
  const { slot_id: slotId, os, network, country, gdpr } = query;
  if (typeof slotId !== 'string' || !SLOT_ID.test(slotId)) return null;
  if (typeof os !== 'string' || !OS.test(os)) return null;
  const facts: ServeFacts = { slot_id: Number(slotId), os: Number(os) };
  if (network !== undefined && network !== '') {
    if (typeof network !== 'string' || !NETWORK.test(network)) return null;
    facts.network = Number(network);
  }
  if (country !== undefined && country !== '') {
    if (typeof country !== 'string' || !COUNTRY.test(country)) return null;
    facts.country = country.toUpperCase();
  }
  if (gdpr !== undefined && gdpr !== '') {
    if (gdpr !== '0' && gdpr !== '1') return null;
    facts.gdpr = gdpr;
  }
  for (const [name, max] of TEXT_FACTS) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string' || !isSafeText(value)) return null;
    const trimmed = value.trim();
    if (trimmed.length > max) return null;
    facts[name] = trimmed;
  }
  return facts;
}

export type ServeQueryResult =
  { success: true; data: ServeFacts } | { success: false; issues: FieldIssue[] };

/** The query's facts, or each invalid field with its message (ZServeFacts's). */
export function parseServeQuery(query: unknown): ServeQueryResult {
  const known =
    query !== null && typeof query === 'object'
      ? readServeQuery(query as Record<string, unknown>)
      : null;
  if (known) return { success: true, data: known };
  const parsed = ZServeFacts.safeParse(query);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    issues: fieldsFromIssues(parsed.error.issues),
  };
}
