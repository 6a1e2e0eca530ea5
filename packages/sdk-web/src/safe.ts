/** Calls a page callback so that its failure never breaks the SDK, nor ours the page. */
export function notify<A extends unknown[]>(
  callback: ((...args: A) => void) | undefined,
  ...args: A
): void {
  if (!callback) return;
  try {
    callback(...args);
  } catch (error) {
    // A publisher's callback failing is theirs to see in the console, not ours to rethrow.
    console.error('adloom: callback failed', error);
  }
}

/** Fires a tracking URL as an image request (no CORS, cookies as the browser sends them). */
export function beacon(url: string): void {
  if (!url) return;
  const image = new Image(1, 1);
  image.referrerPolicy = 'no-referrer-when-downgrade';
  image.src = url;
}
