import { describe, expect, it } from 'vitest';
import { npmStartSettings, settingsText, startSettingsOf } from './server-start.mjs';

describe('startSettingsOf', () => {
  it('reads the variables before node and the flags before the entry', () => {
    expect(
      startSettingsOf(
        'MALLOC_ARENA_MAX=2 A_B_=131072 node --max-semi-space-size=8 --x dist/main.js',
      ),
    ).toEqual({
      env: { MALLOC_ARENA_MAX: '2', A_B_: '131072' },
      nodeArgs: ['--max-semi-space-size=8', '--x'],
    });
    expect(startSettingsOf('node dist/main.js')).toEqual({ env: {}, nodeArgs: [] });
  });

  it('writes settings back as the script has them', () => {
    const script = 'MALLOC_ARENA_MAX=2 A_B_=131072 node --max-semi-space-size=8 --x';
    expect(settingsText(startSettingsOf(`${script} dist/main.js`))).toBe(
      script.replace(' node', ''),
    );
  });

  it('refuses a script it cannot read whole', () => {
    expect(() => startSettingsOf('tsx src/main.ts')).toThrow(/runs no node/);
    expect(() => startSettingsOf('cd dist && node main.js')).toThrow(/other than a variable/);
    expect(() => startSettingsOf('node --inspect')).toThrow(/names no entry/);
  });

  it("reads both of the server's start scripts, with the same settings", () => {
    const single = npmStartSettings('start');
    expect(npmStartSettings('start:cluster')).toEqual(single);
    expect(() => npmStartSettings('no-such-script')).toThrow(/no no-such-script script/);
  });
});
