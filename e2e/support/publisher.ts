/**
 * A publisher's page on another site for the Prebid.js browser tests: Prebid.js from npm
 * bundled with the modules a test names, served with the page a test writes, on `localhost`
 * (another site as well as another origin than Adloom's 127.0.0.1).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type Plugin } from 'esbuild';

/** Bundles an entry that imports Prebid.js and its modules into one browser script. */
export async function bundlePrebid(
  entry: string,
  resolveDir: string,
  plugins: Plugin[] = [],
): Promise<string> {
  const bundled = await build({
    stdin: { contents: entry, resolveDir, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'warning',
    plugins,
  });
  return bundled.outputFiles[0]?.text ?? '';
}

export interface PublisherSite {
  origin: string;
  close(): Promise<void>;
}

/** Serves the script at /prebid.js and the page (read at each request) everywhere else. */
export async function servePublisher(script: string, page: () => string): Promise<PublisherSite> {
  const server = createServer((request, response) => {
    if (request.url === '/prebid.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
