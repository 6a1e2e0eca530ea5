import { describe, expect, it } from 'vitest';
import { CompleteMessages, concatBytes, readyStatusOf } from './pglite-protocol.js';

/** A start-up message: its length (itself included), protocol 3.0, then parameters. */
function startup(): Uint8Array {
  const body = new TextEncoder().encode('user\0postgres\0\0');
  const bytes = new Uint8Array(8 + body.length);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, bytes.length);
  view.setInt32(4, 196_608);
  bytes.set(body, 8);
  return bytes;
}

/** A typed message: its type byte, its length (itself included, not the type), the body. */
function message(type: string, body: string): Uint8Array {
  const text = new TextEncoder().encode(body);
  const bytes = new Uint8Array(5 + text.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + text.length);
  bytes.set(text, 5);
  return bytes;
}

const joined = (...parts: Uint8Array[]) => concatBytes(parts);

describe('CompleteMessages', () => {
  it('reads the start-up message without a type byte, and every later one with it', () => {
    const framing = new CompleteMessages();
    const first = startup();
    const query = message('Q', 'select 1\0');
    const sync = message('S', '');
    expect(framing.push(joined(first, query, sync))).toEqual([first, query, sync]);
  });

  it('keeps a message cut anywhere, its header included, until its last byte arrives', () => {
    const messages = [startup(), message('P', 'name\0select $1\0\0\0'), message('S', '')];
    const stream = joined(...messages);
    for (let cut = 1; cut < stream.length; cut += 1) {
      const framing = new CompleteMessages();
      const read = [
        ...framing.push(stream.subarray(0, cut)),
        ...framing.push(stream.subarray(cut)),
      ];
      expect(read).toEqual(messages);
    }
  });

  it('answers nothing for a part of a message and everything once the rest comes a byte at a time', () => {
    const framing = new CompleteMessages();
    const query = message('Q', 'select now()\0');
    framing.push(startup());
    const read: Uint8Array[] = [];
    for (const byte of query) read.push(...framing.push(Uint8Array.of(byte)));
    expect(read).toEqual([query]);
  });
});

describe('readyStatusOf', () => {
  const ready = (status: string) => {
    const bytes = message('Z', status);
    return joined(message('C', 'SELECT 1\0'), bytes);
  };

  it('reads the transaction status of the ReadyForQuery that ends an answer', () => {
    expect(readyStatusOf(ready('I'))).toBe('I');
    expect(readyStatusOf(ready('T'))).toBe('T');
    expect(readyStatusOf(ready('E'))).toBe('E');
  });

  it('answers nothing when the answer does not end with one', () => {
    expect(readyStatusOf(message('C', 'SELECT 1\0'))).toBeUndefined();
    expect(readyStatusOf(new Uint8Array(0))).toBeUndefined();
  });
});
