import { resolve } from 'node:path';
import { SESSION_TTL_HOURS } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { REPO_ROOT } from './paths.js';

describe('loadConfig', () => {
  it('has safe defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      pgliteDir: resolve(REPO_ROOT, 'data'),
      pgliteSharedBuffers: '32MB',
      pgliteThread: true,
      redisUrl: undefined,
      redisPrefix: 'adloom:',
      uploadDir: resolve(REPO_ROOT, 'uploads'),
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      webDist: resolve(REPO_ROOT, 'apps/web/dist'),
      logLevel: 'info',
      seedDemo: true,
      demoHistoryDays: 30,
      loginRateLimitPerMinute: 30,
      loginIpFreeFailures: 30,
      sessionTtlHours: SESSION_TTL_HOURS,
      trustProxy: false,
      dspAllowPrivateNetworks: false,
      trackingSecret: undefined,
      publicUrl: undefined,
      gvlVendorId: undefined,
      sellerDomain: '',
      deliveryFlushMs: 1000,
      deliveryFlushMaxMs: 5000,
      journalDir: resolve(REPO_ROOT, 'journal'),
      journalFsyncMs: 0,
    });
  });

  it("takes our supply-chain domain from SELLER_DOMAIN, else PUBLIC_URL's host", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Ads.Example.com' }).sellerDomain).toBe(
      'ads.example.com',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'https://ads.example.com', SELLER_DOMAIN: 'adloom.example' })
        .sellerDomain,
    ).toBe('adloom.example');
    expect(() => loadConfig({ SELLER_DOMAIN: 'https://x.example' })).toThrow(/SELLER_DOMAIN/);
    expect(loadConfig({ GVL_VENDOR_ID: '755' }).gvlVendorId).toBe(755);
    expect(() => loadConfig({ GVL_VENDOR_ID: '0' })).toThrow(/GVL_VENDOR_ID/);
  });

  it('checks the delivery settings', () => {
    expect(() => loadConfig({ TRACKING_SECRET: 'short' })).toThrow(/TRACKING_SECRET/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://ads.example.com/path' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://ads.example.com' }).publicUrl).toBe(
      'https://ads.example.com',
    );
  });

  it('takes a PGlite buffer cache size in PostgreSQL units only', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '16MB' }).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_THREAD: 'false' }).pgliteThread).toBe(false);
    expect(() => loadConfig({ PGLITE_THREAD: 'sometimes' })).toThrow(
      /PGLITE_THREAD: expected true or false/,
    );
    for (const bad of ['16', '16 MB', '16MB; fsync = off', '1TB']) {
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(
        /PGLITE_SHARED_BUFFERS: expected a size/,
      );
    }
  });

  it('resolves the repository root from the package, not the working directory', () => {
    expect(resolve(REPO_ROOT, 'apps/server/package.json')).toMatch(/apps\/server\/package\.json$/);
    expect(REPO_ROOT).not.toMatch(/apps\/server$/);
  });

  it('reads values and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/adloom',
      SEED_DEMO: 'false',
      LOG_LEVEL: '',
      NODE_ENV: 'production',
      DSP_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/adloom',
      seedDemo: false,
      logLevel: 'info',
      isProduction: true,
      dspAllowPrivateNetworks: true,
    });
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SEED_DEMO: 'maybe',
        DSP_ALLOW_PRIVATE_NETWORKS: 'sometimes',
      });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/DATABASE_URL: expected a postgres/);
      expect(message).toMatch(/SEED_DEMO: expected true or false/);
      expect(message).toMatch(/DSP_ALLOW_PRIVATE_NETWORKS: expected true or false/);
    }
  });
});
