/** A bundle that cannot be loaded; the message names the place (a JSON pointer) and what is wrong. */
export class BundleError extends Error {
  constructor(
    readonly pointer: string,
    readonly reason: string,
  ) {
    super(`bundle ${pointer || '/'}: ${reason}`);
    this.name = 'BundleError';
  }
}
